import torch
import torchvision
import torch.nn as nn
import torch.distributed as dist
import torch.multiprocessing as mp

from contrastive.modules import TwoViewAugment
from contrastive.modules import PairedCIFAR10
from contrastive.modules import NTXentCriterion
from contrastive.modules import dump_features
from contrastive.modules import pick_backbone
from contrastive import SimCLRNet, ProbeHead

import argparse
import numpy as np
import os
import socket
import time

def main():
    cli = argparse.ArgumentParser()
    
    # how many machines and cards
    cli.add_argument('-n', '--nodes', default=1,
                        type=int, metavar='N')
    cli.add_argument('-g', '--gpus', default=1, type=int,
                        help='cards on each machine')
    cli.add_argument('-nr', '--nr', default=0, type=int,
                        help='index of this machine')
    
    # backbone choice
    cli.add_argument('-enc', '--encoder', default='resnet50', type=str,
                        help='backbone, resnet50 or resnet18.')
    
    # run lengths
    cli.add_argument('-e', '--epochs', default=50, type=int,
                        help='contrastive pretraining epochs')
    cli.add_argument('-ee', '--eval_epochs', default=500, type=int,
                        help='linear probe epochs')
    
    # optimisation settings
    cli.add_argument('-b', '--batch_size', default=256, type=int,
                        help='global batch size')
    cli.add_argument('-t', '--temperature', default=0.1, type=float,
                        help='softmax temperature of the contrastive loss.')
    cli.add_argument('-lr', '--learning_rate', default=0.1, type=float,
                        help='step size')
    
    
    opts = cli.parse_args()
    
    opts.world_size = opts.gpus * opts.nodes
    
    # rendezvous settings for the cluster this ran on;
    # on a single box only these values need changing
    os.environ['MASTER_PORT'] = '55000'
    os.environ['MASTER_ADDR'] = socket.gethostbyname(socket.gethostname())
    
    mp.spawn(worker, nprocs=opts.gpus, args=(opts, ))
    
def worker(card, opts):
    # process group setup
    rank = opts.nr * opts.gpus + card
    
    dist.init_process_group("nccl", rank=rank, world_size=opts.world_size)
    print(f"worker on cuda:{rank} up.", flush=True)
    
    torch.manual_seed(201)
    torch.cuda.set_device(card)
    
    # split the global batch over the workers (unchanged with one worker)
    opts.batch_size = int(opts.batch_size / opts.world_size)
    
    # where CIFAR-10 is downloaded and results written
    ROOT = './'
    
    # augmentations
    aug = TwoViewAugment(img_size=32)
    
    # one training copy that yields two views (pretraining) and one
    # that yields image and label (probe).
    pre_ds = PairedCIFAR10(download_path=ROOT, train=True, 
                                  transforms=aug,
                                  pretraining=True)
    
    # probe copy (labels, single view)
    fit_ds = PairedCIFAR10(download_path=ROOT, train=True,
                                  transforms=aug.eval_transform,
                                  pretraining=False)
    
    hold_ds = PairedCIFAR10(download_path=ROOT, train=False,
                                 transforms=aug.eval_transform,
                                 pretraining=False)
    
    if dist.get_rank() == 0:
        print("CIFAR-10 ready.", flush=True)
        
    # per-worker samplers and loaders
    pre_sampler = torch.utils.data.distributed.DistributedSampler(pre_ds,
                                                                       num_replicas=opts.world_size,
                                                                       rank=rank,
                                                                       shuffle=True,
                                                                       drop_last=True)
    pre_loader = torch.utils.data.DataLoader(pre_ds, sampler=pre_sampler,
                                                  batch_size=opts.batch_size, num_workers=8, drop_last=True)
    
    
    # the probe loaders only feed the frozen encoder to dump features.
    fit_sampler = torch.utils.data.distributed.DistributedSampler(fit_ds,
                                                                    num_replicas=opts.world_size,
                                                                    rank=rank,
                                                                    shuffle=False)
    
    fit_loader = torch.utils.data.DataLoader(fit_ds, sampler=fit_sampler,
                                               batch_size=opts.batch_size, num_workers=4)
    
    hold_sampler = torch.utils.data.distributed.DistributedSampler(hold_ds,
                                                                   num_replicas=opts.world_size,
                                                                   rank=rank,
                                                                   shuffle=False)
    
    hold_loader = torch.utils.data.DataLoader(hold_ds, sampler=hold_sampler,
                                              batch_size=opts.world_size, num_workers=4)
    
    # networks
    backbone = pick_backbone(opts)
    width = backbone.fc.in_features
    backbone.fc = nn.Identity()
    net = SimCLRNet(num_ftrs=width, encoder=backbone).cuda(card)
    net = nn.SyncBatchNorm.convert_sync_batchnorm(net)
    net = nn.parallel.DistributedDataParallel(net, device_ids=[card])
    
    # contrastive loss and optimiser
    contrast = NTXentCriterion(batch_size=opts.batch_size, temperature=opts.temperature).cuda(card)
    pre_opt = torch.optim.Adam(params=net.parameters(), lr=opts.learning_rate)
    
    # contrastive pretraining
    pre_history = []
    for ep in range(opts.epochs):
        if dist.get_rank() == 0:
            print(f"epoch {ep + 1}")
            t_start = time.time()
            
        running = 0
        
        # reshuffle per epoch    
        pre_sampler.set_epoch(ep)
        
        # one pass over the two-view batches
        for step, (view_a, view_b) in enumerate(pre_loader):
            view_a = view_a.cuda()
            view_b = view_b.cuda()
            
            _, _, proj_a, proj_b = net(view_a, view_b)
            
            loss = contrast(proj_a, proj_b)
            
            running += loss
            
            loss.backward()
            pre_opt.step()
            
            # progress line every 50 steps
            if step % 50 == 0 and dist.get_rank() == 0:
                print("step", step,
                      "of", len(pre_loader),
                      "loss", loss.item(),
                      flush=True)
                
        running = running.clone().detach()
        dist.reduce(running, dst=0)
        
        # mean loss over all workers, kept on rank 0
        if dist.get_rank() == 0:
            ep_mean = running.item() / (dist.get_world_size() * len(pre_loader))
            
            print("epoch", ep,
                  "mean loss", ep_mean,
                  "seconds", time.time() - t_start)
            
            pre_history.append(ep_mean)
            
    if dist.get_rank() == 0:
        print("pretraining finished, dumping features", flush=True)
            
    
    # encoder features of both splits
    fit_feats, fit_labs = dump_features(fit_loader, net, card)
    hold_feats, hold_labs = dump_features(hold_loader, net, card)
    
    # receive buffers for the gather
    fit_feat_parts = [torch.zeros_like(fit_feats) for _ in range(opts.world_size)]
    fit_lab_parts = [torch.zeros_like(fit_labs) for _ in range(opts.world_size)]
    hold_feat_parts = [torch.zeros_like(hold_feats) for _ in range(opts.world_size)]
    hold_lab_parts = [torch.zeros_like(hold_labs) for _ in range(opts.world_size)]
    
    # every worker gets every worker's features
    dist.all_gather(fit_feat_parts, fit_feats)
    dist.all_gather(fit_lab_parts, fit_labs)
    dist.all_gather(hold_feat_parts, hold_feats)
    dist.all_gather(hold_lab_parts, hold_labs)
    
    # join the gathered pieces
    fit_feat_all = torch.cat(fit_feat_parts, dim=0)
    fit_lab_all = torch.cat(fit_lab_parts, dim=0)
    hold_feat_all = torch.cat(hold_feat_parts, dim=0)
    hold_lab_all = torch.cat(hold_lab_parts, dim=0)
    
    # feature datasets, samplers and loaders
    fit_feat_ds = torch.utils.data.TensorDataset(fit_feat_all, fit_lab_all)
    hold_feat_ds = torch.utils.data.TensorDataset(hold_feat_all, hold_lab_all)
    
    fit_feat_sampler = torch.utils.data.distributed.DistributedSampler(fit_feat_ds, shuffle=True,
                                                                            drop_last=True, num_replicas=opts.world_size,
                                                                            rank=rank)
    hold_feat_sampler = torch.utils.data.distributed.DistributedSampler(hold_feat_ds, num_replicas=opts.world_size,
                                                                        rank=rank)
    
    fit_feat_loader = torch.utils.data.DataLoader(fit_feat_ds, sampler=fit_feat_sampler,
                                                    batch_size=opts.batch_size)
    hold_feat_loader = torch.utils.data.DataLoader(hold_feat_ds, sampler=hold_feat_sampler,
                                                    batch_size=opts.batch_size)
    
    
    dist.barrier()
    if dist.get_rank() == 0:
        print("feature loaders ready, fitting the linear probe...", flush=True) 
        
    probe = ProbeHead(in_ftrs=2048, out_ftrs=10)
    probe = probe.cuda(card)
    probe = nn.parallel.DistributedDataParallel(probe, device_ids=[card])
    
    probe_crit = nn.CrossEntropyLoss().cuda(card)
    probe_opt = torch.optim.Adam(probe.parameters(), lr=1e-3)
    
    probe_losses = []
    probe_accs = []
    # same shape of loop as the pretraining one
    for ep in range(opts.eval_epochs):            
        fit_feat_sampler.set_epoch
        
        running = 0
        running_acc = 0
        for step, (vec, lab) in enumerate(fit_feat_loader):
            vec = vec.cuda(card)
            lab = lab.cuda(card)
            
            logits = probe(vec)
            
            loss = probe_crit(logits, lab)
            
            running += loss
            
            loss.backward()
            probe_opt.step()
            
            guess = logits.argmax(1)
            acc = (guess == lab).sum() / lab.size(0)
            running_acc += acc
                
        running = running.clone().detach()
        dist.reduce(running, dst=0)
        
        running_acc = running_acc.clone().detach()
        dist.reduce(running_acc, dst=0)
        
        if dist.get_rank() == 0:
            ep_mean = running.item() / (dist.get_world_size() * len(fit_feat_loader))
            ep_acc = running_acc.item() / (dist.get_world_size() * len(fit_feat_loader))
            
            if ep / 50 == 0:
                print("epoch", ep,
                    "\tmean loss", ep_mean,
                    "\tmean acc", ep_acc)
            
            probe_losses.append(ep_mean)
            probe_accs.append(ep_acc)
            
    # score the trained probe on the held-out features
    hold_loss = 0
    hold_acc = 0
    with torch.no_grad():
        for step, (vec, lab) in enumerate(hold_feat_loader):
            vec = vec.cuda(card)
            lab = lab.cuda(card)
            
            logits = probe(vec)
            
            loss = probe_crit(logits, lab)
            
            hold_loss += loss
            
            guess = logits.argmax(1)
            acc = (guess == lab).sum() / lab.size(0)
            hold_acc += acc
                    
        hold_loss = hold_loss.clone().detach()
        dist.reduce(hold_loss, dst=0)
        
        hold_acc = hold_acc.clone().detach()
        dist.reduce(hold_acc, dst=0)
        
        if dist.get_rank() == 0:
            hold_mean_loss = hold_loss.item() / (dist.get_world_size() * len(hold_feat_loader))
            hold_mean_acc = hold_acc.item() / (dist.get_world_size() * len(hold_feat_loader))
            print("held-out\t",
                "mean loss", hold_mean_loss,
                "\tmean acc", hold_mean_acc)
    
    # write the curves
    if dist.get_rank() == 0:            
        pre_history = np.array(pre_history)

        probe_losses = np.array(probe_losses)
        probe_accs = np.array(probe_accs)

        pre_path = os.path.join(ROOT, "pretraining_data.npz")
        np.savez(pre_path, losses=pre_history)
        
        probe_path = os.path.join(ROOT, "eval_data.npz")
        np.savez(probe_path, losses=probe_losses, accs=probe_accs, test_loss=hold_mean_loss, test_acc=hold_mean_acc)


if __name__ == "__main__":
    main()
