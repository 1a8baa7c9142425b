LANGS = {}
