"""NearDup's Qt-free core: extraction, features, fingerprints, matching and reports."""
