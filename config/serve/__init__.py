"""``manage.py runserver`` that explains a busy port (``management/commands/runserver.py``): an app of its
own, listed before the apps whose ``runserver`` it wraps (whitenoise's, Django's static files')."""
