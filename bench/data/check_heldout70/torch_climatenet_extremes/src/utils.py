import argparse
import json
import logging
import os
from os.path import join
import time

from lightning_lite.utilities.seed import seed_everything
from netCDF4 import Dataset
from pytorch_lightning.loggers import TensorBoardLogger
from sklearn.model_selection import train_test_split
from sklearn.utils import shuffle
import numpy as np


class Files:
    @staticmethod
    def get_directory(path):
        return os.path.dirname(os.path.realpath(path))

    @staticmethod
    def remove_file(path):
        return os.remove(path)

    @staticmethod
    def list_files(folder):
        names = os.listdir(folder)
        for k, name in enumerate(names):
            names[k] = join(folder, name)
        return names

    @staticmethod
    def to_json(mapping, path):
        with open(path, "w") as fh:
            json.dump(mapping, fh)

    @staticmethod
    def split_data(items):
        items = shuffle(items)
        part_a, part_b = train_test_split(items, test_size=0.2)
        return part_a, part_b


class NcIO:
    @staticmethod
    def load_data(path, variables):
        nc = Dataset(path)
        chans = []
        for var in variables:
            chans.append(nc[var][:][0])
        nc.close()
        chans = np.array(chans)
        return chans

    @staticmethod
    def load_labels(path):
        nc = Dataset(path)
        mask = nc["LABELS"][:]
        mask = np.array(mask)
        nc.close()
        return mask


class RunLog:
    @staticmethod
    def setup_logger(model):
        stamp = time.strftime("%Y%m%d-%H%M%S")
        out_dir = f"{Files.get_directory(__file__)}/../logs/{model}/{stamp}/"

        if not os.path.exists(out_dir):
            os.makedirs(out_dir)
            os.makedirs(out_dir + "tensor_board/")
            os.makedirs(out_dir + "checkpoint/")

        logging.basicConfig(filename=f"{out_dir}/info.log", level=logging.INFO)

        RunLog.log_info(f"Logging started.")

        return TensorBoardLogger(out_dir, "tensor_board"), out_dir

    @staticmethod
    def log_info(text):
        text = RunLog.format_message(text)
        logging.info(text)
        print(text)

    @staticmethod
    def log_error(text):
        text = RunLog.format_message(text)
        logging.error(text)
        print(text)

    @staticmethod
    def format_message(text):
        stamp = time.strftime("[%Y-%m-%d %H:%M:%S]")
        return f"{stamp} {text}"


class Settings:
    @staticmethod
    def init_config(seed=0):
        seed_everything(seed)

        cfg = Settings()
        cfg.data_dir = "./dataset/"
        cfg.features = ["TMQ", "U850", "V850", "PRECT"]
        cfg.height = 768
        cfg.width = 1152

        return cfg

class Cli:
    @staticmethod
    def parse_args():
        ap = argparse.ArgumentParser()

        ap.add_argument("--stage", type=str, default="fit")

        # data loading
        ap.add_argument("--batch_size", type=int, default=4)
        ap.add_argument("--num_workers", type=int, default=4)
        ap.add_argument("--small_dataset", action="store_true")
        ap.add_argument("--no_small_dataset", action="store_false", dest="small_dataset")
        ap.add_argument("--shuffle", action="store_true")
        ap.add_argument("--no_shuffle", action="store_false", dest="shuffle")
        ap.set_defaults(small_dataset=False, shuffle=True)
        # network
        ap.add_argument("--model", type=str, default="unet")

        parsed = ap.parse_args()

        return parsed
