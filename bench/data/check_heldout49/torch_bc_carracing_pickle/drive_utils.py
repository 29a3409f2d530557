import numpy as np

LEFT     = 1
RIGHT    = 2
ACC      = 3
BRAKE    = 4
STRAIGHT = 0

ID_TO_ACTION = {LEFT     : np.array([-1.0, 0.0, 0.0]),
                     RIGHT    : np.array([+1.0, 0.0, 0.0]),
                     ACC      : np.array([0.0, +1.0, 0.0]),
                     BRAKE    : np.array([0.0, 0.0, +0.2]),
                     STRAIGHT : np.array([0.0, 0.0, 0.0 ])}

CROP_ROWS = 84 # rows kept (drops the dashboard)
def to_gray(pix):
    """
    weighted sum of the colour channels, returned as float32
    """
    g = np.dot(pix[...,:3], [0.2125, 0.7154, 0.0721])
    return g.astype('float32')

def actions_to_ids(acts):
    """
    map each (steer, gas, brake) row to one of the five ids
    acts: N x 3
    """

    ids = np.zeros((acts.shape[0]))

    for k, v in ID_TO_ACTION.items():
      mask = np.all(acts == v, axis=1)
      ids[mask] = k

    return ids
