from django.apps import AppConfig


class DetectionConfig(AppConfig):
    name = "detection"
    verbose_name = "Detection: canonical form, rules, model stage, result screening"
