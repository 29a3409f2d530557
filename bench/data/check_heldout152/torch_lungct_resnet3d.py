import torch
import torch.nn
import torchvision.transforms as transforms
import matplotlib.pyplot as plt
import numpy as np
from models._3d import resnet
import utils
from dataset import DatasetList3d
import argparse
from config import _C as cfg
import time
import os

dev = torch.device('cuda')


def run(cfg):
    # data

    norm = transforms.Normalize(mean=[0.485, 0.456, 0.406],
                                     std=[0.229, 0.224, 0.225])
    # '''
    tr_set = DatasetList3d(cfg.DATASET.list_train, cfg.DATASET.md_classes, transforms.Compose([
        transforms.RandomResizedCrop(cfg.DATASET.spatial_size),
        # transforms.RandomHorizontalFlip(),
        transforms.ToTensor(),
        norm,
    ]))
    va_set = DatasetList3d(cfg.DATASET.list_val, cfg.DATASET.md_classes, transforms.Compose([
        transforms.RandomResizedCrop(cfg.DATASET.spatial_size),
        # transforms.RandomHorizontalFlip(),
        transforms.ToTensor(),
        norm,
    ]))
    # '''
    '''
    cls = {}
    tr_set = ImageFolder(tr_dir, cls, transforms.Compose([
            transforms.RandomResizedCrop(224),
            transforms.RandomHorizontalFlip(),
            transforms.ToTensor(),
            norm,
        ]))
    '''

    loaders = dict()
    loaders['train'] = torch.utils.data.DataLoader(tr_set,
                                                      batch_size=cfg.TRAIN.tr_batchsize,
                                                      shuffle=True,
                                                      num_workers=cfg.TRAIN.workers,
                                                      pin_memory=True)
    loaders['val'] = torch.utils.data.DataLoader(va_set,
                                                    batch_size=cfg.VAL.vl_batchsize,
                                                    shuffle=True,
                                                    num_workers=cfg.TRAIN.workers,
                                                    pin_memory=True)

    n_cls = cfg.DATASET.num_class
    n_tr_batches = len(loaders['train'])

    cfg.TRAIN.tr_epoch_iters = n_tr_batches
    cfg.TRAIN.max_iters = cfg.TRAIN.tr_epoch_iters * cfg.TRAIN.tr_num_epochs \
                          * cfg.TRAIN.tr_epoch_num_iters
    cfg.TRAIN.running_lr = cfg.TRAIN.tr_lr
    cfg.TRAIN.best_acc = [0.0, 0.0]
    cfg.TRAIN.tmp_acc = [0.0, 0.0]
    cfg.TRAIN.best_acc_cfg = [False, False, 1]

    if cfg.MODEL.pretrained_path:
        first_n_cls = cfg.MODEL.pretrained_num_class
    else:
        first_n_cls = n_cls

    model = resnet.resnet50(num_classes=first_n_cls, shortcut_type='B', spatial_size=cfg.DATASET.spatial_size,
                          sample_count=cfg.DATASET.sample_count).to(dev)
    # model = resnet.resnet101(num_classes=2, shortcut_type='B', spatial_size=spatial_size, sample_count=sample_count).to(dev)
    model = torch.nn.DataParallel(model, device_ids=None)

    if cfg.MODEL.pretrained_path:
        print('restoring weights from {}'.format(cfg.MODEL.pretrained_path))
        ckpt = torch.load(cfg.MODEL.pretrained_path)
        model.load_state_dict(ckpt['state_dict'])

    model.module.fc = torch.nn.Linear(model.module.fc.in_features, n_cls)
    model.module.fc = model.module.fc.cuda()

    crit = torch.nn.CrossEntropyLoss()
    # crit = torch.nn.NLLLoss(ignore_index=-1)
    opt = make_optimizer(model, cfg)

    tr_loader = loaders['train']
    va_loader = loaders['val']

    for ep in range(cfg.TRAIN.tr_num_epochs):
        train_epoch(model, tr_loader, opt, crit, ep + 1, cfg)
        eval_epoch(model, va_loader, crit, ep + 1, cfg)

        #print(cfg.TRAIN.best_acc_cfg)
        log.info(cfg.TRAIN.best_acc_cfg)
        log.info(cfg.TRAIN.best_acc)
        save_ckpt(model, cfg, ep + 1)

    print('training done')


def make_optimizer(model, cfg):
    o = ''
    if cfg.TRAIN.tr_optim.lower() == 'sgd':
        o = torch.optim.SGD(
            model.parameters(),
            lr=cfg.TRAIN.tr_lr,
            momentum=cfg.TRAIN.tr_momentum,
            weight_decay=cfg.TRAIN.tr_weight_decay)
    elif cfg.TRAIN.tr_optim.lower() == 'adam':
        o = torch.optim.Adam(
            model.parameters(),
            lr=cfg.TRAIN.tr_lr,
            weight_decay=cfg.TRAIN.tr_weight_decay)

    return o


def poly_lr(opt, it, cfg):
    factor = ((1. - float(it) / cfg.TRAIN.max_iters) ** cfg.TRAIN.tr_lr_pow)
    cfg.TRAIN.running_lr = cfg.TRAIN.tr_lr * factor

    o = opt
    for g in o.param_groups:
        g['lr'] = cfg.TRAIN.running_lr


def train_epoch(model, loader, opt, crit, ep, run_cfg):
    model.train()

    loss_sum = 0.0
    acc_sum = 0.0
    c = 0
    for rep in range(cfg.TRAIN.tr_epoch_num_iters):
        for i, batch in enumerate(loader, 0):
            # batch is [volumes, targets, ids]
            x, y, _ = batch
            x = x.to(dev)
            y = y.to(dev)

            # clear grads
            opt.zero_grad()

            it = c + i + (ep - 1) \
                       * cfg.TRAIN.tr_epoch_iters * cfg.TRAIN.tr_epoch_num_iters
            poly_lr(opt, it, run_cfg)

            # forward, backward, step
            out = model(x)
            loss = crit(out, y)

            loss.backward()
            opt.step()

            sm = torch.nn.Softmax()
            out = sm(out)

            top1, top2 = utils.compute_accuracy(
                out,
                y,
                augmentation=False,
                topk=(1, 2))
            loss_sum = loss_sum + loss
            acc_sum = acc_sum + top1
        c = i

    mean_loss = loss_sum / ((i + 1) * cfg.TRAIN.tr_epoch_num_iters)
    mean_acc = acc_sum / ((i + 1) * cfg.TRAIN.tr_epoch_num_iters)
    # report
    msg = '[%d, %5d] TRAIN lr: %.8f loss: %.5f acc: %.5f' %\
             (ep, i + 1, cfg.TRAIN.running_lr, mean_loss, mean_acc)
    log.info(msg)

    track_best(float(mean_acc), cfg, 0)


def eval_epoch(model, loader, crit, ep, cfg):
    model.eval()

    loss_sum = 0.0
    acc_sum = 0.0
    with torch.no_grad():
        for i, batch in enumerate(loader, 0):
            # batch is [volumes, targets, ids]
            x, y, _ = batch
            x = x.to(dev)
            y = y.to(dev)

            # forward
            out = model(x)
            loss = crit(out, y)

            sm = torch.nn.Softmax()
            out = sm(out)

            top1, top2 = utils.compute_accuracy(
                out,
                y,
                augmentation=False,
                topk=(1, 2))
            loss_sum = loss_sum + loss
            acc_sum = acc_sum + top1
    # report
    msg = '[%d, %5d] VAL loss: %.5f acc: %.5f' %\
              (ep, i + 1, loss_sum / (i + 1), acc_sum / (i + 1))
    log.info(msg)

    track_best(float(acc_sum/(i+1)), cfg, 1)

def track_best(acc, cfg, k):
    if acc >= cfg.TRAIN.best_acc[k]:
        cfg.TRAIN.tmp_acc[k] = acc
        cfg.TRAIN.best_acc_cfg[k] = True

def save_ckpt(model, cfg, ep):
    if cfg.TRAIN.ckpt_interval < 0:
        if cfg.TRAIN.best_acc_cfg[0] and cfg.TRAIN.best_acc_cfg[1] and\
                -cfg.TRAIN.ckpt_interval <= ep:
            if -cfg.TRAIN.ckpt_interval != ep:
                print('deleting the older best...')
                os.remove('{}/best_at_{}.pth'\
                          .format(cfg.CKPT_DIR, cfg.TRAIN.best_acc_cfg[2]))
                cfg.TRAIN.best_acc_cfg[2] = ep

            print('writing best...')
            sd = model.state_dict()
            torch.save(
                sd,
                '{}/best_at_{}.pth'.format(cfg.CKPT_DIR, ep))

            cfg.TRAIN.best_acc = cfg.TRAIN.tmp_acc

        cfg.TRAIN.best_acc_cfg[0] = False
        cfg.TRAIN.best_acc_cfg[1] = False

    elif ep % cfg.TRAIN.ckpt_interval == 0 or ep == cfg.TRAIN.tr_num_epochs:
        print('writing checkpoint...')
        sd = model.state_dict()
        torch.save(
            sd,
            '{}/epoch_{}.pth'.format(cfg.CKPT_DIR, ep))


# quick look at an image
def show(img):
    img = img / 2 + 0.5  # undo normalisation
    arr = img.numpy()
    plt.imshow(np.transpose(arr, (1, 2, 0)))
    plt.show()


if __name__ == '__main__':
    ap = argparse.ArgumentParser(
        description="3-D CT classification"
    )
    ap.add_argument(
        "--cfg",
        default="config/lung_resnet50_3d.yaml",
        metavar="FILE",
        help="yaml config",
        type=str,
    )
    ap.add_argument(
        "--gpus",
        default="0",
        help="gpu ids, e.g. 0-3 or 0,1,2,3"
    )
    ap.add_argument(
        "opts",
        help="config overrides from the command line",
        default=None,
        nargs=argparse.REMAINDER,
    )
    ap.add_argument(
        "--logs",
        default="./logs",
        help="log folder"
    )

    args = ap.parse_args()
    cfg.merge_from_file(args.cfg)

    if not os.path.exists(args.logs):
        os.makedirs(args.logs)
    stamp = time.strftime("%Y-%m-%d_%H:%M:%S", time.gmtime())
    log_path = os.path.join(args.logs, stamp+'.log')

    log = utils.setup_logger(distributed_rank=0, filename=log_path)

    if not os.path.isdir(cfg.CKPT_DIR):
        os.makedirs(cfg.CKPT_DIR)

    with open(os.path.join(cfg.CKPT_DIR, 'config.yaml'), 'w') as fh:
        fh.write("{}".format(cfg))

    run(cfg)
