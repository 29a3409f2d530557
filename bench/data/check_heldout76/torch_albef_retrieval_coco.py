import argparse
import os
import ruamel_yaml as yaml
import numpy as np
import random
import time
import datetime
import json
from pathlib import Path

import torch
import torch.nn as nn
import torch.nn.functional as F
import torch.backends.cudnn as cudnn
import torch.distributed as dist
from torch.utils.data import DataLoader

from models.model_retrieval import ALBEF
from models.vit import interpolate_pos_embed
from models.tokenization_bert import BertTokenizer

import utils
from dataset import create_dataset, create_sampler, create_loader
from scheduler import create_scheduler
from optim import create_optimizer


def fit_one_epoch(net, loader, opt, tok, ep, warm_eps, dev, sched, cfg):
    # training mode
    net.train()  
    
    meter = utils.MetricLogger(delimiter="  ")
    meter.add_meter('lr', utils.SmoothedValue(window_size=1, fmt='{value:.6f}'))
    meter.add_meter('loss_itm', utils.SmoothedValue(window_size=1, fmt='{value:.4f}'))
    meter.add_meter('loss_ita', utils.SmoothedValue(window_size=1, fmt='{value:.4f}'))
    title = 'Fit epoch: [{}]'.format(ep)
    log_every = 50
    sched_every = 100
    warm_iters = warm_eps*sched_every  
    
    for n,(imgs, caps, ids) in enumerate(meter.log_every(loader, log_every, title)):
        imgs = imgs.to(dev,non_blocking=True)   
        ids = ids.to(dev,non_blocking=True)   
        cap_in = tok(caps, padding='longest', max_length=30, return_tensors="pt").to(dev)  
            
        if ep>0 or not cfg['warm_up']:
            mix = cfg['alpha']
        else:
            mix = cfg['alpha']*min(1,n/len(loader))

        l_ita, l_itm = net(imgs, cap_in,alpha=mix, idx=ids)                  
        loss = l_ita + l_itm
        
        opt.zero_grad()
        loss.backward()
        opt.step()    
        
        meter.update(loss_itm=l_itm.item())
        meter.update(loss_ita=l_ita.item())
        meter.update(lr=opt.param_groups[0]["lr"])
        if ep==0 and n%sched_every==0 and n<=warm_iters: 
            sched.step(n//sched_every)         
        
    # reduce the meters over ranks
    meter.synchronize_between_processes()
    print("Epoch averages:", meter.global_avg())     
    return {k: "{:.3f}".format(m.global_avg) for k, m in meter.meters.items()}  



@torch.no_grad()
def score_split(net, loader, tok, dev, cfg):
    # inference mode
    net.eval() 
    
    meter = utils.MetricLogger(delimiter="  ")
    title = 'Scoring:'    
    
    print('Encoding the split...')
    t_start = time.time()  

    captions = loader.dataset.text   
    n_caps = len(captions)
    cap_bs = 256
    cap_tokens = []
    cap_vecs = []  
    cap_masks = []
    for s in range(0, n_caps, cap_bs):
        chunk = captions[s: min(n_caps, s+cap_bs)]
        cap_in = tok(chunk, padding='max_length', truncation=True, max_length=30, return_tensors="pt").to(dev) 
        cap_out = net.text_encoder(cap_in.input_ids, attention_mask = cap_in.attention_mask, mode='text')  
        cap_tok = cap_out.last_hidden_state
        cap_vec = F.normalize(net.text_proj(cap_tok[:,0,:]))
        cap_vecs.append(cap_vec)   
        cap_tokens.append(cap_tok)
        cap_masks.append(cap_in.attention_mask)
    cap_vecs = torch.cat(cap_vecs,dim=0)
    cap_tokens = torch.cat(cap_tokens,dim=0)
    cap_masks = torch.cat(cap_masks,dim=0)
    
    img_tokens = []
    img_vecs = []
    for imgs, img_ids in loader: 
        imgs = imgs.to(dev) 
        img_tok = net.visual_encoder(imgs)        
        img_vec = net.vision_proj(img_tok[:,0,:])            
        img_vec = F.normalize(img_vec,dim=-1)      
        
        img_tokens.append(img_tok)
        img_vecs.append(img_vec)
     
    img_tokens = torch.cat(img_tokens,dim=0)
    img_vecs = torch.cat(img_vecs,dim=0)
    
    coarse = img_vecs @ cap_vecs.t()
    i2t = torch.full((len(loader.dataset.image),len(captions)),-100.0).to(dev)
    
    n_ranks = utils.get_world_size()
    me = utils.get_rank() 
    per_rank = coarse.size(0)//n_ranks + 1
    lo = me*per_rank
    hi = min(coarse.size(0),lo+per_rank)

    for n,row in enumerate(meter.log_every(coarse[lo:hi], 50, title)): 
        best_sim, best_idx = row.topk(k=cfg['k_test'], dim=0)

        enc_states = img_tokens[lo+n].repeat(cfg['k_test'],1,1)
        enc_mask = torch.ones(enc_states.size()[:-1],dtype=torch.long).to(dev)
        fused = net.text_encoder(encoder_embeds = cap_tokens[best_idx], 
                                    attention_mask = cap_masks[best_idx],
                                    encoder_hidden_states = enc_states,
                                    encoder_attention_mask = enc_mask,                             
                                    return_dict = True,
                                    mode = 'fusion'
                                   )
        s = net.itm_head(fused.last_hidden_state[:,0,:])[:,1]
        i2t[lo+n,best_idx] = s
        
    coarse = coarse.t()
    t2i = torch.full((len(captions),len(loader.dataset.image)),-100.0).to(dev)
    
    per_rank = coarse.size(0)//n_ranks + 1
    lo = me*per_rank
    hi = min(coarse.size(0),lo+per_rank)    
    
    for n,row in enumerate(meter.log_every(coarse[lo:hi], 50, title)): 
        
        best_sim, best_idx = row.topk(k=cfg['k_test'], dim=0)
        enc_states = img_tokens[best_idx]
        enc_mask = torch.ones(enc_states.size()[:-1],dtype=torch.long).to(dev)
        fused = net.text_encoder(encoder_embeds = cap_tokens[lo+n].repeat(cfg['k_test'],1,1), 
                                    attention_mask = cap_masks[lo+n].repeat(cfg['k_test'],1),
                                    encoder_hidden_states = enc_states,
                                    encoder_attention_mask = enc_mask,                             
                                    return_dict = True,
                                    mode = 'fusion'
                                   )
        s = net.itm_head(fused.last_hidden_state[:,0,:])[:,1]
        t2i[lo+n,best_idx] = s

    if args.distributed:
        dist.barrier()   
        torch.distributed.all_reduce(i2t, op=torch.distributed.ReduceOp.SUM) 
        torch.distributed.all_reduce(t2i, op=torch.distributed.ReduceOp.SUM)        
        
    took = time.time() - t_start
    took_str = str(datetime.timedelta(seconds=int(took)))
    print('Scoring took {}'.format(took_str)) 

    return i2t.cpu().numpy(), t2i.cpu().numpy()


            
@torch.no_grad()
def recall_metrics(i2t, t2i, cap2img, img2cap):
    
    # image -> caption
    positions = np.zeros(i2t.shape[0])
    for r,row in enumerate(i2t):
        order = np.argsort(row)[::-1]
        # best rank of any true caption
        best = 1e20
        for c in img2cap[r]:
            pos = np.where(order == c)[0][0]
            if pos < best:
                best = pos
        positions[r] = best

    # recall at k
    tr1 = 100.0 * len(np.where(positions < 1)[0]) / len(positions)
    tr5 = 100.0 * len(np.where(positions < 5)[0]) / len(positions)
    tr10 = 100.0 * len(np.where(positions < 10)[0]) / len(positions)
  
    # caption -> image
    positions = np.zeros(t2i.shape[0])
    
    for r,row in enumerate(t2i):
        order = np.argsort(row)[::-1]
        positions[r] = np.where(order == cap2img[r])[0][0]

    # recall at k
    ir1 = 100.0 * len(np.where(positions < 1)[0]) / len(positions)
    ir5 = 100.0 * len(np.where(positions < 5)[0]) / len(positions)
    ir10 = 100.0 * len(np.where(positions < 10)[0]) / len(positions)        

    tr_avg = (tr1 + tr5 + tr10) / 3
    ir_avg = (ir1 + ir5 + ir10) / 3
    r_avg = (tr_avg + ir_avg) / 2

    report =  {'txt_r1': tr1,
                    'txt_r5': tr5,
                    'txt_r10': tr10,
                    'txt_r_mean': tr_avg,
                    'img_r1': ir1,
                    'img_r5': ir5,
                    'img_r10': ir10,
                    'img_r_mean': ir_avg,
                    'r_mean': r_avg}
    return report




def run(args, cfg):
    utils.init_distributed_mode(args)    
    
    dev = torch.device(args.device)

    # per-rank seeding
    seed = args.seed + utils.get_rank()
    torch.manual_seed(seed)
    np.random.seed(seed)
    random.seed(seed)
    cudnn.benchmark = True

    #### data #### 
    print("Building retrieval splits")
    train_ds, val_ds, test_ds = create_dataset('re', cfg)  

    if args.distributed:
        n_ranks = utils.get_world_size()
        me = utils.get_rank()            
        samplers = create_sampler([train_ds], [True], n_ranks, me) + [None, None]
    else:
        samplers = [None, None, None]
    
    train_loader, val_loader, test_loader = create_loader([train_ds, val_ds, test_ds],samplers,
                                                          batch_size=[cfg['batch_size_train']]+[cfg['batch_size_test']]*2,
                                                          num_workers=[4,4,4],
                                                          is_trains=[True, False, False], 
                                                          collate_fns=[None,None,None])   
       
    tok = BertTokenizer.from_pretrained(args.text_encoder)

    #### model #### 
    print("Building the model")
    net = ALBEF(config=cfg, text_encoder=args.text_encoder, tokenizer=tok)
    
    if args.checkpoint:    
        ckpt = torch.load(args.checkpoint, map_location='cpu') 
        weights = ckpt['model']
        
        # resize the position embedding for a new input resolution
        resized = interpolate_pos_embed(weights['visual_encoder.pos_embed'],net.visual_encoder)         
        weights['visual_encoder.pos_embed'] = resized
        resized_m = interpolate_pos_embed(weights['visual_encoder_m.pos_embed'],net.visual_encoder_m)   
        weights['visual_encoder_m.pos_embed'] = resized_m 
        
        for name in list(weights.keys()):
            if 'bert' in name:
                new_name = name.replace('bert.','')         
                weights[new_name] = weights[name] 
                del weights[name]                
        info = net.load_state_dict(weights,strict=False)  
        
        print('restored weights from %s'%args.checkpoint)
        print(info)  
        
    
    net = net.to(dev)   
    
    bare_net = net
    if args.distributed:
        net = torch.nn.parallel.DistributedDataParallel(net, device_ids=[args.gpu])
        bare_net = net.module   
    
    opt_cfg = utils.AttrDict(cfg['optimizer'])
    opt = create_optimizer(opt_cfg, net)
    sched_cfg = utils.AttrDict(cfg['schedular'])
    sched, _ = create_scheduler(sched_cfg, opt)  
    
    n_epochs = cfg['schedular']['epochs']
    warm_eps = cfg['schedular']['warmup_epochs']
    top = 0
    top_ep = 0

    print("Training")
    t0 = time.time()    
    for ep in range(0, n_epochs):
        if not args.evaluate:
            if args.distributed:
                train_loader.sampler.set_epoch(ep)
            fit_stats = fit_one_epoch(net, train_loader, opt, tok, ep, warm_eps, dev, sched, cfg)  
            
        val_i2t, val_t2i, = score_split(bare_net, val_loader, tok, dev, cfg)
        test_i2t, test_t2i = score_split(bare_net, test_loader, tok, dev, cfg)
    
        if utils.is_main_process():  
      
            val_rep = recall_metrics(val_i2t, val_t2i, val_loader.dataset.txt2img, val_loader.dataset.img2txt)  
            print(val_rep)
            test_rep = recall_metrics(test_i2t, test_t2i, test_loader.dataset.txt2img, test_loader.dataset.img2txt)    
            print(test_rep)
            
            if args.evaluate:                
                row = {**{f'val_{k}': v for k, v in val_rep.items()},
                             **{f'test_{k}': v for k, v in test_rep.items()},                  
                             'epoch': ep,
                            }
                with open(os.path.join(args.output_dir, "log.txt"),"a") as fh:
                    fh.write(json.dumps(row) + "\n")     
            else:
                row = {**{f'train_{k}': v for k, v in fit_stats.items()},
                             **{f'val_{k}': v for k, v in val_rep.items()},
                             **{f'test_{k}': v for k, v in test_rep.items()},                  
                             'epoch': ep,
                            }
                with open(os.path.join(args.output_dir, "log.txt"),"a") as fh:
                    fh.write(json.dumps(row) + "\n")   
                    
                if val_rep['r_mean']>top:
                    blob = {
                        'model': bare_net.state_dict(),
                        'optimizer': opt.state_dict(),
                        'lr_scheduler': sched.state_dict(),
                        'config': cfg,
                        'epoch': ep,
                    }
                    torch.save(blob, os.path.join(args.output_dir, 'checkpoint_best.pth'))  
                    top = val_rep['r_mean']    
                    top_ep = ep
                    
        if args.evaluate: 
            break
           
        sched.step(ep+warm_eps+1)  
        dist.barrier()     
        torch.cuda.empty_cache()

    took = time.time() - t0
    took_str = str(datetime.timedelta(seconds=int(took)))
    print('Total time {}'.format(took_str)) 

    if utils.is_main_process():   
        with open(os.path.join(args.output_dir, "log.txt"),"a") as fh:
            fh.write("best epoch: %d"%top_ep)               

            
if __name__ == '__main__':
    ap = argparse.ArgumentParser()     
    ap.add_argument('--config', default='./configs/Retrieval_flickr.yaml')
    ap.add_argument('--output_dir', default='output/Retrieval_flickr')        
    ap.add_argument('--checkpoint', default='')   
    ap.add_argument('--text_encoder', default='bert-base-uncased')
    ap.add_argument('--evaluate', action='store_true')
    ap.add_argument('--device', default='cuda')
    ap.add_argument('--seed', default=42, type=int)
    ap.add_argument('--world_size', default=1, type=int, help='how many processes')    
    ap.add_argument('--dist_url', default='env://', help='rendezvous url for distributed runs')
    ap.add_argument('--distributed', default=True, type=bool)
    args = ap.parse_args()

    cfg = yaml.load(open(args.config, 'r'), Loader=yaml.Loader)

    Path(args.output_dir).mkdir(parents=True, exist_ok=True)
        
    yaml.dump(cfg, open(os.path.join(args.output_dir, 'config.yaml'), 'w'))    
    
    run(args, cfg)
