"""OpenAPI: every operation lists the API's error responses, all in the one error shape."""

from __future__ import annotations

from typing import Any

ERROR_SCHEMA = {
    "type": "object",
    "required": ["errors"],
    "properties": {
        "errors": {
            "type": "array",
            "items": {
                "type": "object",
                "required": ["field", "code", "message", "params"],
                "properties": {
                    "field": {"type": "string", "nullable": True, "example": "payments"},
                    "code": {"type": "string", "example": "zero_sum"},
                    "message": {
                        "type": "string",
                        "description": "in the request's language (Accept-Language: hu, en or de)",
                        "example": "payments must sum to zero (they sum to 12)",
                    },
                    "params": {
                        "type": "object",
                        "description": "the raw values in the message, the same in every language",
                        "example": {"sum": 12},
                    },
                },
            },
        }
    },
}
READ_ERRORS = {"400": "Invalid query", "401": "Not authenticated", "403": "Not allowed", "404": "Not found"}
WRITE_ERRORS = {
    **READ_ERRORS,
    "400": "Invalid input",
    "409": "The current state does not allow it",
    "412": "Changed since read (If-Match)",
    "413": "Body too large",
    "422": "Idempotency-Key reused for another request",
    "429": "Too many failed table codes",
}


def add_error_responses(result: dict[str, Any], generator: Any, request: Any, public: bool) -> dict[str, Any]:
    """drf-spectacular post-processing hook."""
    result.setdefault("components", {}).setdefault("schemas", {})["Error"] = ERROR_SCHEMA
    ref = {"$ref": "#/components/schemas/Error"}
    for path in result.get("paths", {}).values():
        for method, operation in path.items():
            errors = READ_ERRORS if method in ("get", "head") else WRITE_ERRORS
            for code, description in errors.items():
                operation.setdefault("responses", {}).setdefault(
                    code, {"description": description, "content": {"application/json": {"schema": ref}}}
                )
    return result


from drf_spectacular.extensions import OpenApiAuthenticationExtension  # noqa: E402


class BearerTokenScheme(OpenApiAuthenticationExtension):
    target_class = "api.v1.auth.BearerTokenAuthentication"
    name = "bearerAuth"

    def get_security_definition(self, auto_schema: Any) -> dict[str, Any]:
        return {"type": "http", "scheme": "bearer", "description": "`Authorization: Bearer <token>`"}


class TableCodeScheme(OpenApiAuthenticationExtension):
    target_class = "api.v1.auth.TableCodeAuthentication"
    name = "tableCode"

    def get_security_definition(self, auto_schema: Any) -> dict[str, Any]:
        return {
            "type": "apiKey",
            "in": "header",
            "name": "X-Table-Code",
            "description": "A table's entry code: reads that table and enters its hands while in play.",
        }
