import argparse
import os

import torch
from torch import nn
from torch.backends import cudnn

from config import cfg
from data import make_data_loader
from modeling import build_model
from utils.logger import setup_logger
from data.transforms import build_transforms
from data.datasets.dataset_loader import TestImageDataset
from torch.utils.data import DataLoader
import numpy as np
import pickle

PROBE_DIR = "/data/naic/test/query_B"
GALLERY_DIR = "/data/naic/test/gallery_B"


def stack_images(items):
    """collate: stack the image tensors of a batch"""
    return torch.stack(items, dim=0)


def run():
    ap = argparse.ArgumentParser(description="ReID feature dump")
    ap.add_argument("--config_file", type=str)
    ap.add_argument("opts", help="override config entries from the command line", default=None,
                    nargs=argparse.REMAINDER)

    cli = ap.parse_args()

    n_gpu = int(os.environ["WORLD_SIZE"]) if "WORLD_SIZE" in os.environ else 1

    if cli.config_file != "":
        cfg.merge_from_file(cli.config_file)
    cfg.merge_from_list(cli.opts)
    cfg.freeze()

    out_dir = cfg.OUTPUT_DIR
    if out_dir and not os.path.exists(out_dir):
        os.makedirs(out_dir)

    log = setup_logger("reid_dump", out_dir, 0)
    log.info("GPU count {}".format(n_gpu))
    log.info(cli)

    if cli.config_file != "":
        log.info("config file {}".format(cli.config_file))
        with open(cli.config_file, 'r') as fh:
            text = "\n" + fh.read()
            log.info(text)
    log.info("effective config:\n{}".format(cfg))

    if cfg.MODEL.DEVICE == "cuda":
        os.environ['CUDA_VISIBLE_DEVICES'] = cfg.MODEL.DEVICE_ID
    cudnn.benchmark = True

    _a, _b, _c, n_ids = make_data_loader(cfg)
    net = build_model(cfg, n_ids)
    net.load_param(cfg.TEST.WEIGHT)

    # target device
    dev = cfg.MODEL.DEVICE

    if dev:
        if torch.cuda.device_count() > 1:
            net = nn.DataParallel(net)
        net.to(dev)

    # loader over probe + gallery files
    eval_tf = build_transforms(cfg, is_train=False)

    probe_files = os.listdir(PROBE_DIR)
    gallery_files = os.listdir(GALLERY_DIR)

    all_paths = [os.path.join(PROBE_DIR, p) for p in probe_files] + \
                [os.path.join(GALLERY_DIR, p) for p in gallery_files]

    eval_set = TestImageDataset(
        dataset=all_paths,
        transform=eval_tf
    )

    eval_loader = DataLoader(
        eval_set, batch_size=cfg.TEST.IMS_PER_BATCH, shuffle=False,
        num_workers=12, collate_fn=stack_images
    )

    chunks = []

    # one batch through the network
    def embed_batch(imgs):
        net.eval()
        with torch.no_grad():
            x = imgs
            x = x.to(dev) if torch.cuda.device_count() >= 1 else x
            emb = net(x)
            emb = emb.data.cpu().numpy()
            return emb

    seen = 0
    for imgs in eval_loader:
        seen += 1
        emb = embed_batch(imgs)
        chunks.append(emb)

        if seen % 100 == 0:
            print(seen)

    chunks = np.concatenate(chunks, axis=0)

    n_probe = len(probe_files)
    probe_emb = chunks[:n_probe]
    gallery_emb = chunks[n_probe:]

    pickle.dump([probe_emb, probe_files], open(cfg.OUTPUT_DIR + '/probe_emb.feat', 'wb'))
    pickle.dump([gallery_emb, gallery_files], open(cfg.OUTPUT_DIR + '/gallery_emb.feat', 'wb'))


if __name__ == '__main__':
    run()
