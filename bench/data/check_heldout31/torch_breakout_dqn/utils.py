from argparse import ArgumentError


def unit_interval_float(value):
    value = float(value)
    if value < 0 or value > 1:
        raise ArgumentError('expected a number between 0 and 1')
    return value


def int_from_text(text):
    return int(float(text))
