from django.apps import AppConfig


class ServeConfig(AppConfig):
    """Holds only the ``runserver`` command: no models, templates, static files or translations, so its
    place at the top of ``INSTALLED_APPS`` changes nothing else."""

    name = "config.serve"
    label = "serve"
    verbose_name = "Development server"
