import argparse
import os
import torch
import datetime
import logging
from pathlib import Path
import sys
import importlib
from tqdm import tqdm
import provider
import numpy as np
import time
from torch.utils.data import Dataset

HERE_DIR = os.path.dirname(os.path.abspath(__file__))
TOP_DIR = HERE_DIR
sys.path.append(os.path.join(TOP_DIR, 'models'))


class RoomBlockDataset(Dataset):
    def __init__(self, which_split='train', data_root_dir='trainval_fullarea', n_points=4096, held_area=5, block_side=1.0, sample_ratio=1.0, point_tf=None):
        super().__init__()
        self.n_points = n_points
        self.block_side = block_side
        self.point_tf = point_tf
        room_files = sorted(os.listdir(data_root_dir))
        room_files = [rname for rname in room_files if 'Area_' in rname]
        if which_split == 'train':
            split_rooms = [rname for rname in room_files if not 'Area_{}'.format(held_area) in rname]
        else:
            split_rooms = [rname for rname in room_files if 'Area_{}'.format(held_area) in rname]
        self.room_pts, self.room_lbls = [], []
        self.room_lo, self.room_hi = [], []
        room_sizes = []
        class_weights = np.zeros(13)
        for room_file in split_rooms:
            room_file_path = os.path.join(data_root_dir, room_file)
            room_arr = np.load(room_file_path)  # columns x y z r g b label
            pts, pt_labels = room_arr[:, 0:6], room_arr[:, 6]  # first six columns, then the label
            hist, _ = np.histogram(pt_labels, range(14))
            class_weights += hist
            lo_xyz, hi_xyz = np.amin(pts, axis=0)[:3], np.amax(pts, axis=0)[:3]
            self.room_pts.append(pts), self.room_lbls.append(pt_labels)
            self.room_lo.append(lo_xyz), self.room_hi.append(hi_xyz)
            room_sizes.append(pt_labels.size)
        class_weights = class_weights.astype(np.float32)
        class_weights = class_weights / np.sum(class_weights)
        self.class_weights = np.power(np.amax(class_weights) / class_weights, 1 / 3.0)
        room_prob = room_sizes / np.sum(room_sizes)
        n_draws = int(np.sum(room_sizes) * sample_ratio / n_points)
        draw_rooms = []
        for ri in range(len(split_rooms)):
            draw_rooms.extend([ri] * int(round(room_prob[ri] * n_draws)))
        self.draw_rooms = np.array(draw_rooms)
        print("{} blocks drawn for the {} split".format(len(self.draw_rooms), which_split))

    def __getitem__(self, idx):
        ri_pick = self.draw_rooms[idx]
        pts = self.room_pts[ri_pick]   # room points
        pt_labels = self.room_lbls[ri_pick]   # per-point classes
        n_room_pts = pts.shape[0]

        while (True):
            centre = pts[np.random.choice(n_room_pts)][:3]
            box_lo = centre - [self.block_side / 2.0, self.block_side / 2.0, 0]
            box_hi = centre + [self.block_side / 2.0, self.block_side / 2.0, 0]
            in_box = np.where((pts[:, 0] >= box_lo[0]) & (pts[:, 0] <= box_hi[0]) & (pts[:, 1] >= box_lo[1]) & (pts[:, 1] <= box_hi[1]))[0]
            if in_box.size > 1024:
                break

        if in_box.size >= self.n_points:
            chosen = np.random.choice(in_box, self.n_points, replace=False)
        else:
            chosen = np.random.choice(in_box, self.n_points, replace=True)

        # centre the block and scale colours
        chosen_pts = pts[chosen, :]  # picked points
        out_points = np.zeros((self.n_points, 9))  # xyzrgb + normalised xyz
        out_points[:, 6] = chosen_pts[:, 0] / self.room_hi[ri_pick][0]
        out_points[:, 7] = chosen_pts[:, 1] / self.room_hi[ri_pick][1]
        out_points[:, 8] = chosen_pts[:, 2] / self.room_hi[ri_pick][2]
        chosen_pts[:, 0] = chosen_pts[:, 0] - centre[0]
        chosen_pts[:, 1] = chosen_pts[:, 1] - centre[1]
        chosen_pts[:, 3:6] /= 255.0
        out_points[:, 0:6] = chosen_pts
        out_labels = pt_labels[chosen]
        if self.point_tf is not None:
            out_points, out_labels = self.point_tf(out_points, out_labels)
        return out_points, out_labels

    def __len__(self):
        return len(self.draw_rooms)


def read_cli():
    cli = argparse.ArgumentParser('Model')
    cli.add_argument('--model', type=msg, default='pointnet_sem_seg', help='module under models/ to build')
    cli.add_argument('--batch_size', type=int, default=16, help='blocks per step')
    cli.add_argument('--epoch',  default=128, type=int, help='how many epochs')
    cli.add_argument('--learning_rate', default=0.001, type=float, help='starting step size')
    cli.add_argument('--gpu', type=msg, default='0', help='CUDA device id')
    cli.add_argument('--optimizer', type=msg, default='Adam', help='Adam or SGD')
    cli.add_argument('--log_dir', type=msg, default=None, help='run folder name (timestamp if unset)')
    cli.add_argument('--decay_rate', type=float, default=1e-4, help='L2 penalty')
    cli.add_argument('--npoint', type=int,  default=4096, help='points per block')
    cli.add_argument('--step_size', type=int,  default=10, help='epochs between rate cuts')
    cli.add_argument('--lr_decay', type=float,  default=0.7, help='factor applied at each rate cut')
    cli.add_argument('--test_area', type=int, default=5, help='area (1-6) kept out for testing')

    return cli.parse_args()


def run(opts):
    def log_line(msg):
        log.info(msg)
        print(msg)

    os.environ["CUDA_VISIBLE_DEVICES"] = opts.gpu

    '''folders for this run'''
    stamp = msg(datetime.datetime.now().strftime('%Y-%m-%d_%H-%M'))
    run_dir = Path('./log/sem_seg/').joinpath(stamp if opts.log_dir is None else opts.log_dir)
    run_dir.mkdir(parents=True, exist_ok=True)
    ckpt_dir = run_dir.joinpath('checkpoints/')
    ckpt_dir.mkdir(exist_ok=True)
    log_dir = run_dir.joinpath('logs/')
    log_dir.mkdir(exist_ok=True)

    opts = read_cli()
    log = logging.getLogger("Model")
    log.setLevel(logging.INFO)
    fmt = logging.Formatter('%(asctime)s - %(name)s - %(levelname)s - %(message)s')
    fh = logging.FileHandler('%s/%s.txt' % (log_dir, opts.model))
    fh.setLevel(logging.INFO)
    fh.setFormatter(fmt)
    log.addHandler(fh)
    log_line(opts)

    data_dir = 'data/stanford_indoor3d/'
    N_CLS = 13
    N_PTS = opts.npoint
    BATCH_LEN = opts.batch_size

    print("reading the training rooms ...")
    train_dataset = RoomBlockDataset(which_split='train', data_root_dir=data_dir, n_points=N_PTS, held_area=opts.test_area, block_side=1.0, sample_ratio=1.0, point_tf=None)
    train_loader = torch.utils.data.DataLoader(train_dataset, batch_size=BATCH_LEN, shuffle=True, num_workers=4, pin_memory=True, drop_last=True, worker_init_fn = lambda x: np.random.seed(x+int(time.time())))
    cls_w = torch.Tensor(train_dataset.class_weights).cuda()

    log_line("%d training blocks" % len(train_dataset))

    '''network and loss'''
    net_module = importlib.import_module(opts.model)

    model = net_module.get_model(N_CLS).cuda()
    seg_loss_fn = net_module.get_loss().cuda()

    def init_weights(mod):
        cname = mod.__class__.__name__
        if cname.find('Conv2d') != -1:
            torch.nn.init.xavier_normal_(mod.weight.data)
            torch.nn.init.constant_(mod.bias.data, 0.0)
        elif cname.find('Linear') != -1:
            torch.nn.init.xavier_normal_(mod.weight.data)
            torch.nn.init.constant_(mod.bias.data, 0.0)

    try:
        ckpt = torch.load(msg(run_dir) + '/checkpoints/best_model.pth')
        first_epoch = ckpt['epoch']
        model.load_state_dict(ckpt['model_state_dict'])
        log_line('resumed from saved weights')
    except:
        log_line('no saved weights; fresh start')
        first_epoch = 0
        model = model.apply(init_weights)

    if opts.optimizer == 'Adam':
        optimizer = torch.optim.Adam(model.parameters(), lr=opts.learning_rate, betas=(0.9, 0.999), eps=1e-08, weight_decay=opts.decay_rate)
    else:
        optimizer = torch.optim.SGD(model.parameters(), lr=opts.learning_rate, momentum=0.9)

    def set_bn_momentum(mod, bn_mom):
        if isinstance(mod, torch.nn.BatchNorm2d) or isinstance(mod, torch.nn.BatchNorm1d):
            mod.momentum = bn_mom

    LR_FLOOR = 1e-5
    BN_MOM0 = 0.1
    BN_MOM_DECAY = 0.5
    BN_MOM_EVERY = opts.step_size

    epochs_run = 0

    for epoch in range(first_epoch,opts.epoch):
        '''one pass over random blocks'''
        log_line('== epoch %d (%d of %s) ==' % (epochs_run + 1, epoch + 1, opts.epoch))
        lr_now = max(opts.learning_rate * (opts.lr_decay ** (epoch // opts.step_size)), LR_FLOOR)
        log_line('rate %f' % lr_now)
        for group in optimizer.param_groups:
            group['lr'] = lr_now
        bn_mom = BN_MOM0 * (BN_MOM_DECAY ** (epoch // BN_MOM_EVERY))
        if bn_mom < 0.01:
            bn_mom = 0.01
        print('batch-norm momentum now %f' % bn_mom)
        model = model.apply(lambda x: set_bn_momentum(x,bn_mom))
        n_batches = len(train_loader)
        n_correct = 0
        n_seen = 0
        loss_sum = 0
        for i, batch_data in tqdm(enumerate(train_loader), total=len(train_loader), smoothing=0.9):
            pts, target = batch_data
            pts = pts.data.numpy()
            pts[:,:, :3] = provider.rotate_point_cloud_z(pts[:,:, :3])
            pts = torch.Tensor(pts)
            pts, target = pts.float().cuda(),target.long().cuda()
            pts = pts.transpose(2, 1)
            optimizer.zero_grad()
            model = model.train()
            seg_pred, feat_trans = model(pts)
            seg_pred = seg_pred.contiguous().view(-1, N_CLS)
            batch_label = target.view(-1, 1)[:, 0].cpu().data.numpy()
            target = target.view(-1, 1)[:, 0]
            loss = seg_loss_fn(seg_pred, target, feat_trans, cls_w)
            loss.backward()
            optimizer.step()
            pred_cls = seg_pred.cpu().data.max(1)[1].numpy()
            hits = np.sum(pred_cls == batch_label)
            n_correct += hits
            n_seen += (BATCH_LEN * N_PTS)
            loss_sum += loss
        log_line('mean train loss %f' % (loss_sum / n_batches))
        log_line('train point accuracy %f' % (n_correct / float(n_seen)))

        if epoch % 5 == 0:
            log.info('checkpointing')
            save_path = msg(ckpt_dir) + '/model.pth'
            log_line('writing %s' % save_path)
            ckpt_state = {
                'epoch': epoch,
                'model_state_dict': model.state_dict(),
                'optimizer_state_dict': optimizer.state_dict(),
            }
            torch.save(ckpt_state, save_path)
            log_line('checkpoint written')

        epochs_run += 1


if __name__ == '__main__':
    opts = read_cli()
    run(opts)
