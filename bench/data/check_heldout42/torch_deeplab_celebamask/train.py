import logging, logging.config
import pathlib, json, argparse, gdown, zipfile, sys
from helpers import create_model, setup_data, setup_logging, seed_everything
from dataset import FaceParsingSet
from meters import AccuracyMeanEvaluator, PrecisionMeanEvaluator, RecallMeanEvaluator
from hooks import BestWeightsCallback, TensorboardCallback
from trainer import SegFitter
import torch
from torchvision import transforms
import pandas as pd
from torch.utils.data import DataLoader


log = logging.getLogger('celeb_seg')


def read_cli():
    ap = argparse.ArgumentParser()
    ap.add_argument('--data', type=str, required=True,
                        help='CSV listing each image and its part masks')
    ap.add_argument('--output-channels', type=int, default=19)
    ap.add_argument('--epochs', type=int, default=20)
    ap.add_argument('--batch-size', type=int, default=16)
    ap.add_argument('--tv-split', type=float, default=0.90,
                        help='fraction of rows used for training')
    ap.add_argument('--mapping', type=str, required=True,
                        help='json file mapping class index to part name')
    ap.add_argument('-d', '--device', type=str, default='cpu',
                        help='torch device to train on')
    cfg = ap.parse_args()
    if cfg.mapping:
        with open(cfg.mapping, 'r') as fh:
            cfg.mapping = {int(k): v for k, v in json.load(fh, parse_int=int).items()}
    log.info(
        'cli parsed', 
        extra={k: v for k, v in cfg._get_kwargs()}
    )
    return cfg


if __name__ == '__main__':
    setup_logging()
    setup_data(url='https://drive.google.com/uc?id=CELEBAMASK_HQ_ZIP')
    seed_everything(seed=0)
    cfg = read_cli()
    net = create_model(output_channels=cfg.output_channels).to(cfg.device)

    optim = torch.optim.Adam(params=net.parameters(), lr=0.001)
    criterion = torch.nn.CrossEntropyLoss()
    pipeline = transforms.Compose(
        [
            transforms.ToTensor(),
            transforms.Normalize(
                mean=[0.485, 0.456, 0.406],
                std=[0.229, 0.224, 0.225]
            ),
            transforms.Resize(size=(512, 512))
        ]
    )
    meters = [
        AccuracyMeanEvaluator(name='accuracy',
                              mapping=cfg.mapping),
        PrecisionMeanEvaluator(name='precision',
                               mapping=cfg.mapping),
        RecallMeanEvaluator(name='recall',
                            mapping=cfg.mapping)
    ]
    hooks = [
        BestWeightsCallback(
            output=pathlib.Path('checkpoints')
        ),
        TensorboardCallback(
            log_dir= pathlib.Path('tb', 'celeb')
        )
    ]

    fitter = SegFitter(net=net, 
                      criterion=criterion, 
                      optim=optim,
                      meters=meters,
                      hooks=hooks,
                      device=cfg.device)

    data = pd.read_csv(cfg.data)
    cut = int(len(data) * cfg.tv_split)
    df_train = data.iloc[:cut].reset_index(drop=True)
    df_val = data.iloc[cut:].reset_index(drop=True)
    ds_train = FaceParsingSet(
        table=df_train,
        seed=0,
        transforms=pipeline
    )
    ds_val = FaceParsingSet(
        table=df_val,
        seed=0,
        transforms=pipeline
    )
    log.info('datasets ready')

    fitter.fit(
        dl_train=DataLoader(dataset=ds_train, batch_size=cfg.batch_size, shuffle=True),
        dl_val=DataLoader(dataset=ds_val, batch_size=cfg.batch_size),
        epochs=cfg.epochs
    )