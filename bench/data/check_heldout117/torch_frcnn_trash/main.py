import os
import time
from xml.dom import NotFoundErr
import torch
import torchvision
import random
import numpy as np
import pandas as pd
import wandb
from pycocotools.coco import COCO
from importlib import import_module
from args import Args
from tqdm import tqdm
from torchvision.models.detection.faster_rcnn import FastRCNNPredictor
from torch.utils.data import DataLoader
from utils.util import collate_fn, get_train_transform, get_train_rotate_transform, get_log, wandb_init
from utils.dataset import TrashTestSet, TrashTrainSet
from trainer.train import run_training
from inference import predict_all

def main(cfg, log, wandb):

    infer_only = cfg["INFERENCE"]
    seed = cfg["RANDOM_SEED"]
    stamp = "_".join(time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime()).split(" "))

    if not infer_only:

        wandb_init(cfg, wandb, stamp)
        # training split
        ann_file = '../../dataset/train.json' # coco json
        root = '../../dataset' # images root
        if cfg["AUGMENTATION"] == 'rotate' : 
            fit_set = TrashTrainSet(ann_file, root, get_train_rotate_transform())
        else:
            fit_set = TrashTrainSet(ann_file, root, get_train_transform())
        fit_loader = DataLoader(
            fit_set,
            batch_size=cfg["BATCH_SIZE"],
            shuffle=False,
            num_workers=0,
            collate_fn=collate_fn
        )
        dev = torch.device('cuda') if torch.cuda.is_available() else torch.device('cpu')
        print(dev)
        
        # torchvision detector
        det = torchvision.models.detection.fasterrcnn_resnet50_fpn(pretrained=True)
        n_cls = 11 # ten trash classes plus background
        # width of the box head input
        feat_in = det.roi_heads.box_predictor.cls_score.in_features
        det.roi_heads.box_predictor = FastRCNNPredictor(feat_in, n_cls)
        det.to(dev)
        trainable = [p for p in det.parameters() if p.requires_grad]
        
        opt_mod = getattr(import_module("torch.optim"), cfg["OPTIMIZER"])
        opt = opt_mod(trainable, lr=cfg["LEARNING_RATE"], weight_decay=cfg["WEIGHT_DECAY"]) 
        opt = torch.optim.SGD(trainable, lr=0.005, momentum=0.9, weight_decay=0.0005)
        n_epochs = cfg["NUM_EPOCHES"]
        
        # fit
        run_training(n_epochs, fit_loader, opt, det, dev, wandb, cfg, log)

        return
    
    ## prediction
    ann_file = '../../dataset/test.json' # coco json
    root = '../../dataset' # images root
    test_set = TrashTestSet(ann_file, root)
    min_score = 0.05
    ckpt = cfg["SAVE_PATH"] # weights to load
    

    test_loader = DataLoader(
        test_set,
        batch_size=8,
        shuffle=False,
        num_workers=4
    )
    dev = torch.device('cuda') if torch.cuda.is_available() else torch.device('cpu')
    print(dev)
    
    # torchvision detector
    det = torchvision.models.detection.fasterrcnn_resnet50_fpn(pretrained=True)
    n_cls = 11  # ten classes plus background
    # width of the box head input
    feat_in = det.roi_heads.box_predictor.cls_score.in_features
    det.roi_heads.box_predictor = FastRCNNPredictor(feat_in, n_cls)
    det.to(dev)
    det.load_state_dict(torch.load(ckpt))
    det.eval()
    
    preds = predict_all(test_loader, det, dev)
    pred_strs = []
    names = []
    coco = COCO(ann_file)

    # build the submission table
    for i, p in enumerate(preds):
        s = ''
        info = coco.loadImgs(coco.getImgIds(imgIds=i))[0]
        for box, score, label in zip(p['boxes'], p['scores'], p['labels']):
            if score > min_score: 
                # shift labels 1..10 back to 0..9
                s += str(label-1) + ' ' + str(score) + ' ' + str(box[0]) + ' ' + str(
                    box[1]) + ' ' + str(box[2]) + ' ' + str(box[3]) + ' '
        pred_strs.append(s)
        names.append(info['file_name'])
    sub = pd.DataFrame()
    sub['PredictionString'] = pred_strs
    sub['image_id'] = names
    out_path = './submission'
    out_dir = os.path.dirname(out_path)
    if not os.path.exists(out_dir):
        os.makedirs(out_dir)
    sub.to_csv(f'./submission/tv_{cfg["OPTIMIZER"]}_{cfg["AUGMENTATION"]}_sub.csv', index=None)
    print(sub.head())
        
if __name__ == '__main__':
    cfg = Args().params

    if not cfg["INFERENCE"]:
        log = get_log(cfg)
        log.info("\n--------- run settings ---------\n"
                    "Optimizer: {}".format(cfg['OPTIMIZER']) + "\n" +
                    "Batch size: {}".format(cfg['BATCH_SIZE']) + "\n" +
                    "Learning rate: {}".format(cfg['LEARNING_RATE']) + "\n" +
                    "Weight Decay: {}".format(cfg['WEIGHT_DECAY']) + "\n" +
                    "Augmentation : {}".format(cfg["AUGMENTATION"]) + "\n" + 
                    "--------------------------------")
    else:
        log = None

    seed = cfg['RANDOM_SEED']
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)
    torch.cuda.manual_seed(seed)
    torch.backends.cudnn.deterministic = True
    torch.backends.cudnn.benchmark = False
    
    main(cfg, log, wandb)
