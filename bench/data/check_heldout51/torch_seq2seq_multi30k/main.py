import os
import yaml # type: ignore
import argparse
import logging
from typing import Text

from train import Trainer
from infer import Tester

def entry(cfg_path: Text) -> None:
    logging.basicConfig(level=logging.INFO)

    with open(cfg_path) as fh:
        cfg = yaml.safe_load(fh)

    logging.info("training...")
    Trainer(cfg).train()

    logging.info("training finished")

    logging.info("testing...")
    Tester(cfg).predict()
    logging.info("all done")

if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument('--config', dest='config', required=True)
    a = ap.parse_args()
    
    entry(a.config)
