# -*- coding: utf-8 -*-
# gait set package
# silhouettes -> set pooling -> triplet loss

