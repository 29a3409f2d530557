# helper module of ia_learning.py (the module replaces itself by its one function)
import math
import sys

def getDtTVS(dataset, part=2/3):
    ldts = len(dataset)
    pdts = math.ceil(ldts * part)
    return dataset[0:pdts], dataset[pdts:]

sys.modules[__name__] = getDtTVS
