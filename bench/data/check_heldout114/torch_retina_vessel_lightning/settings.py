import torch
import argparse
import warnings
import json
import os

warnings.filterwarnings("ignore")

ap = argparse.ArgumentParser()
ap.add_argument("-c", "--config", type=str, default="config.json")
cli = ap.parse_args()

with open(cli.config, "r") as fh:
    cfg = json.load(fh)


N_EPOCHS = cfg["epochs"]
LEARNING_RATE = cfg["learning_rate"]
BATCH = cfg["batch_size"]
THRESH = cfg["threshold"]
RUN_ID = os.getenv("SLURM_JOB_ID", "0")

N_GPUS = torch.cuda.device_count() if torch.cuda.is_available() else 0

IN_CH = 3
OUT_CH = 1

DATA_ROOT = "dataset"

DEVICE_KIND = "gpu" if torch.cuda.is_available() else "cpu"
