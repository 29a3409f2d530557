# -*- coding: utf-8 -*-#
'''
# module:       math_utils (only the normalisation helpers re-expressed)
'''

import numpy as np


def z_score(a, mu, sigma):
    '''
    Standardise: (a - mu) / sigma; returns a new array.
    '''
    return (a - mu) / sigma


def z_inverse(a, mu, sigma):
    '''
    Undo z_score.
    '''
    return a * sigma + mu
