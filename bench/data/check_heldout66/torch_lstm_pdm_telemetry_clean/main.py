#!/usr/bin/env python
#coding: utf-8

# Benchmark driver: an LSTM on machine telemetry, run sequentially, split
# across two GPUs (model / pipeline) or data-parallel over processes.

import os
os.environ['TZ']='UTC'
os.environ['MASTER_ADDR']			= 'localhost'
os.environ['MASTER_PORT']			= '29500'
os.environ['GLOO_SOCKET_IFNAME']	= 'lo'
os.environ['NCCL_SOCKET_IFNAME']	= 'lo'

from datetime import datetime
import sys
import argparse

if not sys.warnoptions:
    import warnings
    warnings.simplefilter("ignore")

import torch
import torch._dynamo
torch._dynamo.config.suppress_errors = True

from model import *
from dataset import *

#DEPTH		= 1
#N_EPOCHS	= 10
#BATCH		= 32
#DEV		= 'gpu'
#WORKERS	= 0
#RUN_MODE	= 'sequential'
#STAGES		= 5
#WIDTH		= 128

def read_options():
    cli = argparse.ArgumentParser()
    cli.add_argument("-l", "--nlayers",    dest='N_LAYER',   type=int, nargs='?', default=1, help="how many hidden layers")
    cli.add_argument("-s", "--size",    	dest='SIZE',   type=int, nargs='?', default=128, help="width of the hidden state")
    cli.add_argument("-e", "--epochs",     dest='EPOCHS', type=int, nargs='?', default=10, help="passes over the data")
    cli.add_argument("-b", "--batch",      dest='BATCH_SIZE', type=int, nargs='?', default=32, help="samples per step")
    cli.add_argument("-d", "--device",     dest='DEVICE', choices=['cpu','gpu'], nargs='?', default='cpu', help="where to compute")
    cli.add_argument("-w", "--nworkers",   dest='N_WORKERS', type=int, nargs='?', default=0, help="loader processes")
    cli.add_argument("-m", "--mode",       dest='MODE', choices=['sequential','model','pipeline','data'], nargs='?', default='sequential', help="how to parallelise")
    cli.add_argument("-p", "--pipeline",   dest='PIPELINE', type=int, nargs='?', default=2, help="micro-batches in the pipeline")
    cli.add_argument("-r", "--run",   		dest='GLOBAL_WORLD', type=int, nargs='?', default=1, help="process count for data mode without MPI")
    #
    opts = cli.parse_args(sys.argv[1:]).__dict__
    opts['GLOBAL_RANK']	= 0
    opts['LOCAL_RANK'],opts['LOCAL_WORLD']		= opts['GLOBAL_RANK'],opts['GLOBAL_WORLD']
    opts['DISTRIBUTED']=len(list(filter(lambda k:'MPI_' in k,os.environ)))>0
    if(opts['DISTRIBUTED']):
        if('OMPI_COMM_WORLD_RANK' in os.environ): opts['GLOBAL_RANK']=int(os.environ['OMPI_COMM_WORLD_RANK'])
        if('OMPI_COMM_WORLD_SIZE' in os.environ): opts['GLOBAL_WORLD']=int(os.environ['OMPI_COMM_WORLD_SIZE'])
        if('OMPI_COMM_WORLD_LOCAL_RANK' in os.environ): opts['LOCAL_RANK']=int(os.environ['OMPI_COMM_WORLD_LOCAL_RANK'])
        if('OMPI_COMM_WORLD_LOCAL_SIZE' in os.environ): opts['LOCAL_WORLD']=int(os.environ['OMPI_COMM_WORLD_LOCAL_SIZE'])
    return opts

def seeded_sampler(seed,idx):
    seed			= int(seed)
    gen	= torch.Generator()
    gen.manual_seed(seed)
    return torch.utils.data.SubsetRandomSampler(idx, generator=gen)

def run_epochs(net,out_dev,loss_fn,opt,n_epochs,fit_loader,val_loader,test_loader,sync,verbose=False):
    for ep in range(1,n_epochs+1):
        # fit
        net.train()
        if(verbose): print('"fit epoch %d starts at %f"' % (ep,datetime.now().timestamp()))
        sum_loss, sum_hits, seen = 0.0, 0.0, 0
        for (xb,yb) in fit_loader:
            yb = yb.to(out_dev)
            opt.zero_grad()
            out		 = net(xb)
            l				 = loss_fn(out,yb)
            l.backward()
            opt.step()
            hits			 = out.argmax(dim=1) == yb.argmax(dim=1)
            sum_hits	+= hits.int().sum()
            sum_loss		+= l.item()
            seen			+= len(xb)
        sum_hits	= sum_hits*100.0/seen
        sum_loss		= sum_loss/seen
        if(verbose): print('"fit epoch %d ends at %f, acc %0.03f, loss %0.09f"' % (ep,datetime.now().timestamp(),sum_hits,sum_loss))
        # check
        net.eval()
        sum_loss, sum_hits, seen = 0.0, 0.0, 0
        with torch.no_grad():
            for (xb,yb) in val_loader:
                yb = yb.to(out_dev)
                out		 = net(xb)
                l				 = loss_fn(out,yb)
                hits			 = out.argmax(dim=1) == yb.argmax(dim=1)
                sum_hits	+= hits.int().sum()
                sum_loss		+= l.item()
                seen			+= len(xb)
        sum_hits	= sum_hits*100.0/seen
        sum_loss		= sum_loss/seen
        if(verbose): print('"check epoch %d ends at %f, acc %0.03f, loss %0.09f"' % (ep,datetime.now().timestamp(),sum_hits,sum_loss))
    # final test
    net.eval() # already in eval mode, kept for clarity
    sum_loss, sum_hits, seen = 0.0, 0.0, 0
    with torch.no_grad():
        for (xb,yb) in test_loader:
            yb = yb.to(out_dev)
            out		 = net(xb)
            l				 = loss_fn(out,yb)
            hits			 = out.argmax(dim=1) == yb.argmax(dim=1)
            sum_hits	+= hits.int().sum()
            sum_loss		+= l.item()
            seen			+= len(xb)
    sum_hits	= sum_hits*100.0/seen
    sum_loss		= sum_loss/seen
    if(verbose): print('"test ends at %f, acc %0.03f, loss %0.09f"' % (datetime.now().timestamp(),sum_hits,sum_loss))

def launch(rank,world,backend,opts):
    if(backend is not None):
        torch.distributed.init_process_group(backend=backend, world_size=world,rank=rank)
    torch.manual_seed(42)
    sync=(lambda net: None)
    if(opts['DISTRIBUTED']):
        n_procs	= float(opts['GLOBAL_WORLD'])
        def average_grads(net):
            for p in net.parameters():
                torch.distributed.all_reduce(p.grad.data, op=torch.distributed.ReduceOp.SUM)
                p.grad.data /= n_procs
        sync = average_grads
    elif(opts['MODE']=='data'):
        opts['GLOBAL_RANK'] = opts['LOCAL_RANK'] = rank
    devs = []
    if(opts['DEVICE'] == 'cpu'):
        devs.append(torch.device('cpu'))
    else:
        devs.append(torch.device('cuda:0'))
    if(opts['MODE'] in ['model','pipeline']):
        if(opts['DEVICE'] != 'gpu'): raise ValueError('model and pipeline modes need a GPU')
        devs.append(torch.device('cuda:1'))
    elif(opts['MODE'] == 'data' and opts['DEVICE'] == 'gpu'):
        devs = [torch.device(f"cuda:{opts['LOCAL_RANK']:d}") ]
    in_dev	= devs[0]
    out_dev	= devs[-1]
    stages	= opts['PIPELINE'] if(opts['MODE'] == 'pipeline')else None
    #
    net			= Model(hidden_layers=opts['N_LAYER'],hidden_params=opts['SIZE'],devices=devs,pipeline_size=stages)
    # net			= torch.compile(net) # needs a torch build with TensorRT
    loss_fn	= torch.nn.L1Loss()
    opt	= torch.optim.Adam(net.parameters())
    #
    telemetry		= Dataset(device=in_dev)
    #
    order				= torch.randperm(len(telemetry)).to(in_dev)
    fit_end			= int(len(telemetry)*0.7)
    val_end		= int(len(telemetry)*0.1) + fit_end
    #
    fit_s			= seeded_sampler(torch.randint(low=0,high=torch.iinfo(torch.int64).max,size=(1,)), order[:fit_end])
    val_s	= seeded_sampler(torch.randint(low=0,high=torch.iinfo(torch.int64).max,size=(1,)), order[fit_end:val_end])
    test_s			= seeded_sampler(torch.randint(low=0,high=torch.iinfo(torch.int64).max,size=(1,)), order[val_end:])
    #
    fit_s			= torch.utils.data.distributed.DistributedSampler(fit_s,num_replicas=world,rank=rank,shuffle=False)
    val_s	= torch.utils.data.distributed.DistributedSampler(val_s,num_replicas=world,rank=rank,shuffle=False)
    test_s			= torch.utils.data.distributed.DistributedSampler(test_s,num_replicas=world,rank=rank,shuffle=False)
    #
    fit_loader			= torch.utils.data.DataLoader(telemetry,batch_size=opts['BATCH_SIZE'],sampler=fit_s,shuffle=False,num_workers=opts['N_WORKERS'],pin_memory=False) # workers 0 = main thread
    val_loader	= torch.utils.data.DataLoader(telemetry,batch_size=opts['BATCH_SIZE'],sampler=val_s,shuffle=False,num_workers=opts['N_WORKERS'],pin_memory=False) # workers 0 = main thread
    test_loader			= torch.utils.data.DataLoader(telemetry,batch_size=opts['BATCH_SIZE'],sampler=test_s,shuffle=False,num_workers=opts['N_WORKERS'],pin_memory=False) # workers 0 = main thread
    #
    run_epochs(net,out_dev,loss_fn,opt,opts['EPOCHS'],fit_loader,val_loader,test_loader,sync,rank==0)
    #
    if(torch.distributed.is_initialized()):
        torch.distributed.barrier()


def entry():
    opts = read_options()
    backend = None
    if(opts['DISTRIBUTED']):
        if(opts['DEVICE'] == 'gpu'):
            os.environ['MASTER_ADDR']			= 'gpu-node-1.lan'
            os.environ['NCCL_SOCKET_IFNAME']	= 'enp3s0'
            torch.distributed.init_process_group(backend=torch.distributed.Backend.NCCL,world_size=opts['GLOBAL_WORLD'],rank=opts['GLOBAL_RANK'])
        #os.environ['RANK'] = str(opts['GLOBAL_RANK'])
        #os.environ['WORLD_SIZE'] = str(opts['GLOBAL_WORLD'])
        #torch.distributed.init_process_group(backend='cuda:mpi')
        else:
            torch.distributed.init_process_group(backend=torch.distributed.Backend.MPI)
    elif(opts['MODE']=='data'):
        if(opts['DEVICE'] == 'cpu'):
            backend = torch.distributed.Backend.GLOO
        else:
            backend = torch.distributed.Backend.NCCL
        torch.multiprocessing.spawn(launch, args=(opts['GLOBAL_WORLD'],backend,opts), nprocs=opts['GLOBAL_WORLD'],join=True)
        return
    launch(opts['GLOBAL_RANK'],opts['GLOBAL_WORLD'],backend,opts)

if( __name__ == '__main__'):
    entry()
