import json
import pickle

from keras.models import load_model

with open('../config.json') as cfg_file:
    cfg = json.load(cfg_file)

store_dir = cfg['data_storage']


def pack_data(obj, folder, name):
    with open(folder + '\\' + name, 'wb') as fh:
        pickle.dump(obj, fh)


def unpack_data(folder, name):
    with open(folder + '\\' + name, 'rb') as fh:
        obj = pickle.load(fh)

    return obj


def save_model_to_storage(filename, model):
    model.save(store_dir + '\\' + filename)


def get_model_from_storage(filename):
    net = load_model(store_dir + '\\' + filename)
    return net
