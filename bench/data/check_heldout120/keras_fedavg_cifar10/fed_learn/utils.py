import gc
import os
from typing import List

from keras import backend as K

import fed_learn


def get_rid_of_the_models(net=None):
    """
    Free the Keras session so that models built per worker do not pile up.
    """

    K.clear_session()
    if net is not None:
        del net
    gc.collect()


def print_selected_clients(workers: List[fed_learn.fed_client.Client]):
    ids = [w.id for w in workers]
    print("Workers this round: {0}".format(" | ".join(map(str, ids))))


def set_working_GPU(gpu_ids: str):
    os.environ["CUDA_DEVICE_ORDER"] = "PCI_BUS_ID"
    os.environ["CUDA_VISIBLE_DEVICES"] = gpu_ids
