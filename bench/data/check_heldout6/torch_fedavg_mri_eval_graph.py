# source: https://github.com/guopengf/FL-MRCM/blob/218ba7b3576871a2c98f556b0fea6e0ef4d0439b/main_fl_mr.py (+ models/recon_Update.py at 0a36f177e41024b56ac94170f3f3b72add9605e5, models/test.py evaluator_normal at 8e0faa5b1aaa49a7b62a0adbda62b32c5430d033; memory issue: https://github.com/guopengf/FL-MRCM/issues/2)
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import copy
import os
import pathlib
import time
from collections import defaultdict

import numpy as np
import torch
from torch import nn
from torch.nn import functional as F
from torch.utils.data import DataLoader
from tensorboardX import SummaryWriter
from pympler import muppy, summary

from utils.options import args_parser
from utils import evaluate
from models.Fed import FedAvg
from data.mri_data import SliceData, DataTransform
from data.subsample import create_mask_for_mask_type
from models.unet_model import UnetModel


class SiteTrainer(object):
    """one federated client: a few local epochs of L1 reconstruction training"""

    def __init__(self, args, device, dataset=None):
        self.args = args
        self.device = device
        self.l1 = nn.L1Loss().to(device)
        self.picked = []
        self.loader = DataLoader(dataset, batch_size=self.args.local_bs, shuffle=True, pin_memory=True)

    def train(self, net, epoch, idx, writer):
        net.train()
        opt = torch.optim.RMSprop(net.parameters(), lr=self.args.lr)
        sched = torch.optim.lr_scheduler.StepLR(opt, step_size=40, gamma=0.1)

        per_epoch = []
        for it in range(self.args.local_ep):
            per_batch = []
            tick = time.time()
            for b, batch in enumerate(self.loader):
                image, target, mean, std, norm, fname, slice_no = batch
                net.zero_grad()
                recon = net(image.to(self.device))
                loss = self.l1(recon, target.to(self.device))
                loss.backward()
                opt.step()
                sched.step(epoch)
                if self.args.verbose and b % 10 == 0:
                    print('round {} local {} site {} [{}/{} ({:.0f}%)]\tloss: {:.6f}'.format(
                        epoch, it, idx, b * len(image), len(self.loader.dataset),
                        100. * b / len(self.loader), loss.detach().item()))
                    print('iter time: ', time.time() - tick)
                    tick = time.time()
                    print('lr: ', opt.param_groups[0]['lr'])
                per_batch.append(loss.detach().item())
            per_epoch.append(sum(per_batch) / len(per_batch))
        writer.add_scalar('TrainLoss/L1/' + self.args.train_datasets[idx], sum(per_epoch) / len(per_epoch), epoch)
        torch.cuda.empty_cache()

        return net.state_dict(), sum(per_epoch) / len(per_epoch), net


class SliceValidator(object):
    def __init__(self, datatest, args, writer, device):
        self.args = args
        self.device = device
        self.writer = writer
        self.loader = DataLoader(datatest, batch_size=args.bs, pin_memory=False)

    def run(self, net_g, epoch=None):
        net_g.eval()
        records = []
        for idx, batch in enumerate(self.loader):
            image, target, mean, std, _, fname, slice_no = batch
            recon = net_g(image.to(self.device))
            val_loss = F.l1_loss(recon, target.to(self.device))
            mean = mean.unsqueeze(1).unsqueeze(2).to(self.device)
            std = std.unsqueeze(1).unsqueeze(2).to(self.device)
            records.append({
                'fname': fname,
                'slice': slice_no,
                'output': (recon * std + mean).cpu().detach().numpy(),
                'target': (target.to(self.device) * std + mean).cpu().numpy(),
                'loss': val_loss.cpu().detach().numpy(),
            })
        losses = []
        recons = defaultdict(list)
        truths = defaultdict(list)
        for rec in records:
            losses.append(rec['loss'])
            for i, (fname, slice_no) in enumerate(zip(rec['fname'], rec['slice'])):
                recons[fname].append((slice_no, rec['output'][i]))
                truths[fname].append((slice_no, rec['target'][i]))
        print('batches scored: ', len(losses))
        scores = dict(val_loss=losses, nmse=[], ssim=[], psnr=[])
        for fname in recons:
            out = np.stack([o for _, o in sorted(recons[fname])])
            ref = np.stack([t for _, t in sorted(truths[fname])])
            scores['nmse'].append(evaluate.nmse(ref, out))
            scores['ssim'].append(evaluate.ssim(ref, out))
            scores['psnr'].append(evaluate.psnr(ref, out))
        scores = {k: np.mean(v) for k, v in scores.items()}
        print(scores, '\n')
        print('volumes: ', len(recons))
        if self.writer != None:
            self.writer.add_scalar('Dev_Loss/NMSE', scores['nmse'], epoch)
            self.writer.add_scalar('Dev_Loss/SSIM', scores['ssim'], epoch)
            self.writer.add_scalar('Dev_Loss/PSNR', scores['psnr'], epoch)
        torch.cuda.empty_cache()


if __name__ == '__main__':
    os.environ["HDF5_USE_FILE_LOCKING"] = 'FALSE'
    args = args_parser()
    site_dirs = {'B': pathlib.Path('Dataset dir B'),
                 'F': pathlib.Path('Dataset dir F'),
                 'H': pathlib.Path('Dataset dir H'),
                 'I': pathlib.Path('Dataset dir I')}
    site_rates = {'B': 1.0, 'F': 1.0, 'H': 1.0, 'I': 1.0}

    args.device = torch.device('cuda:{}'.format(args.gpu[0]) if torch.cuda.is_available() and args.gpu != -1 else 'cpu')
    if not os.path.exists(args.save_dir):
        os.mkdir(args.save_dir)
    writer = SummaryWriter(log_dir=args.save_dir / 'summary')

    def save_net(net, epoch, local=False, local_no=None):
        if local:
            fname = '%s_C%s_net.pth' % (epoch, local_no)
        else:
            fname = '%s_net.pth' % (epoch)
        target = os.path.join(args.save_dir, fname)
        if len(args.gpu) > 1 and torch.cuda.is_available():
            torch.save(net.module.cpu().state_dict(), target)
            net.to(args.device)
        else:
            torch.save(net.cpu().state_dict(), target)
            net.to(args.device)

    def slice_set(root, transform, partition, sequence, sample_rate=None):
        return SliceData(
            root=root / partition,
            transform=transform,
            sample_rate=sample_rate,
            challenge=args.challenge,
            sequence=sequence
        )

    heap = muppy.get_objects()
    heap_summary = summary.summarize(heap)

    if args.dataset == 'mri':
        mask = create_mask_for_mask_type(args.mask_type, args.center_fractions, args.accelerations)
        train_tf = DataTransform(args.resolution, args.challenge, mask, use_seed=False)
        val_tf = DataTransform(args.resolution, args.challenge, mask)
        site_sets = []

        if args.phase == 'train':
            for site in args.train_datasets:
                site_sets.append(slice_set(site_dirs[site] / args.sequence, train_tf, 'train', args.sequence, site_rates[site]))
            val_set = slice_set(site_dirs[args.test_dataset] / args.sequence, val_tf, 'val', args.sequence, args.val_sample_rate)
    else:
        exit('Error: unrecognized dataset')

    assert (len(site_sets) == args.num_users)
    if args.model == 'unet':
        global_net = UnetModel(
            in_chans=1,
            out_chans=1,
            chans=32,
            num_pool_layers=4,
            drop_prob=0.0
        ).to(args.device)
    else:
        exit('Error: unrecognized model')
    print(global_net)
    global_net.train()

    if len(args.gpu) > 1:
        global_net = torch.nn.DataParallel(global_net, args.gpu)
        global_w = global_net.module.state_dict()
    else:
        global_w = global_net.state_dict()

    if args.phase == 'train':
        first_round = -1
        if args.continues:
            if len(args.gpu) > 1:
                global_net.module.load_state_dict(torch.load(args.checkpoint))
            else:
                global_net.load_state_dict(torch.load(args.checkpoint))
            print('resumed from:', args.checkpoint)
            first_round = int(args.checkpoint.split('/')[-1].split('_')[0])

        for rnd in range(first_round + 1, args.epochs):
            local_ws, local_losses = [], []
            for idx, site_set in enumerate(site_sets):
                client = SiteTrainer(args=args, device=args.device, dataset=site_set)
                w, loss, _ = client.train(net=copy.deepcopy(global_net).to(args.device), epoch=rnd, idx=idx, writer=writer)
                local_ws.append(copy.deepcopy(w))
                local_losses.append(copy.deepcopy(loss))
            global_w = FedAvg(local_ws)
            global_net.load_state_dict(global_w)
            heap = muppy.get_objects()
            heap_summary = summary.summarize(heap)[:10]
            for item in heap_summary:
                writer.add_scalar('Memory/' + item[0], item[2], rnd)
            avg = np.sum(local_losses) / len(local_losses)
            print('Round {:3d}, mean local loss {:.3f}'.format(rnd, avg))
            print('saving the global model after round %d' % (rnd))
            save_net(global_net, rnd)
            print('Validating ...')
            validator = SliceValidator(val_set, args, writer, args.device)
            validator.run(global_net, rnd)
            del local_ws, local_losses, global_w, client, validator
            torch.cuda.empty_cache()
        writer.close()
