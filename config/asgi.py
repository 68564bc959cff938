"""The ASGI application: the site (HTTP) and the live tables' WebSockets (Django Channels).

``manage.py runserver`` (and so ``quickstart``) serves it through daphne; in production run
``daphne config.asgi:application`` (docker/compose.yaml's ``web``). gunicorn (WSGI) serves the site
without WebSockets: the live pages then poll.
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_application = get_asgi_application()  # first: it sets Django up before the routes import models

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from tournaments.live.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": django_application,
        "websocket": AllowedHostsOriginValidator(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
    }
)
