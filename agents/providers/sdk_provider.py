"""What the two SDK providers (OpenAI, Anthropic) share: one model on one endpoint.

Its key (read once, scrubbed from errors), capabilities and price; one SDK
client per endpoint, key and running loop, shared by the seats; and a call
with retries in the endpoint's pool. Each subclass names its vendor, default
URL and key variable, and builds its requests and replies.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any, ClassVar, TypeVar

from agents.providers.base import ProviderError
from agents.providers.capabilities import capabilities_for
from agents.providers.options import ProviderOptions, read_key, scrub
from agents.providers.prices import PriceTable, price_for
from agents.providers.retry import call_with_retries, shared, tls_context
from arena.engine.requests import Usage

T = TypeVar("T")
C = TypeVar("C")


class SdkProvider:
    """One model on one endpoint of a vendor's SDK."""

    vendor: ClassVar[str]  # "openai", "anthropic": the pool key's and messages' prefix
    default_url: ClassVar[str]
    key_env: ClassVar[str]  # the API key's variable unless the seat names another

    def __init__(self, model: str, *, base_url: str | None = None,
                 api_key_env: str | None = None, options: ProviderOptions | None = None,
                 prices: PriceTable | None = None) -> None:
        self.model, self.base_url = model, base_url
        self.options = options or ProviderOptions()
        self.key = f"{self.vendor}@{base_url or self.default_url}"
        self.caps = capabilities_for(model, self.options.capabilities)
        self._price = price_for(model, prices)
        self._secret = read_key(api_key_env or self.key_env, base_url)
        tls_context()  # built here, not in a game's first call

    def __repr__(self) -> str:
        return f"{type(self).__name__}(model={self.model!r}, base_url={self.base_url!r})"

    def _sdk_client(self, make: Callable[..., C],
                    http_client: Callable[..., Any]) -> C:
        """The SDK client ``make`` builds for this endpoint and key in the running loop,
        shared by its seats (the SDK's own retries off: ours count and bill them)."""
        def build() -> C:
            return make(api_key=self._secret, base_url=self.base_url,
                        timeout=self.options.timeout_s, max_retries=0,
                        http_client=http_client(verify=tls_context()))

        return shared((self.vendor, self.base_url, self._secret, self.options.timeout_s),
                      build)

    async def _with_retries(self, attempt: Callable[[], Awaitable[T]]
                            ) -> tuple[T, float, tuple[Usage, ...]]:
        """``attempt`` run with retries in the endpoint's pool; a failure's message
        never holds the key."""
        try:
            return await call_with_retries(
                attempt, key=self.key, size=self.options.max_concurrency,
                policy=self.options.retry, what=f"{self.vendor}:{self.model}",
                model=self.model)
        except ProviderError as exc:
            raise exc.reworded(scrub(str(exc), self._secret)) from None
