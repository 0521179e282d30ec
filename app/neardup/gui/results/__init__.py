"""The results tabs (documents, groups, pairs, problems): item models, views, file actions."""
