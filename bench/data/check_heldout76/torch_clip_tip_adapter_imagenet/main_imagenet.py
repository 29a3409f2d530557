import os
import random
import argparse
import yaml
from tqdm import tqdm

import torch
import torch.nn.functional as F
import torch.nn as nn

from datasets.imagenet import ImageNet
import clip
from utils import *


def parse_cli():
    
    ap = argparse.ArgumentParser()
    ap.add_argument('--config', dest='config', help='yaml file with the run settings')
    cli = ap.parse_args()

    return cli


def eval_training_free(conf, keys, values, eval_feats, eval_gold, head):
    
    # plain zero-shot CLIP
    zs_scores = 100. * eval_feats @ head
    score = topk_accuracy(zs_scores, eval_gold)
    print("\n**** zero-shot accuracy on test: {:.2f}. ****\n".format(score))

    # cache-augmented classifier
    sharp, blend = conf['init_beta'], conf['init_alpha']
    
    sim = eval_feats @ keys
    cache_scores = ((-1) * (sharp - sharp * sim)).exp() @ values
    
    mixed = zs_scores + cache_scores * blend
    score = topk_accuracy(mixed, eval_gold)
    print("**** cache classifier accuracy on test: {:.2f}. ****\n".format(score))

    # tune the two scalars
    _ = grid_search(conf, keys, values, eval_feats, eval_gold, head)


def eval_finetuned(conf, keys, values, eval_feats, eval_gold, head, backbone, tune_loader):
    
    # turn the cached keys into a trainable layer
    residual = nn.Linear(keys.shape[0], keys.shape[1], bias=False).to(backbone.dtype).cuda()
    residual.weight = nn.Parameter(keys.t())
    
    opt = torch.optim.AdamW(residual.parameters(), lr=conf['lr'], eps=1e-4)
    sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, conf['train_epoch'] * len(tune_loader))
    
    sharp, blend = conf['init_beta'], conf['init_alpha']
    top_score, top_round = 0.0, 0

    for ep in range(conf['train_epoch']):
        # fitting
        residual.train()
        n_right, n_seen = 0, 0
        step_losses = []
        print('Fit round: {:} / {:}'.format(ep, conf['train_epoch']))

        for j, (imgs, gold) in enumerate(tqdm(tune_loader)):
            imgs, gold = imgs.cuda(), gold.cuda()
            with torch.no_grad():
                feats = backbone.encode_image(imgs)
                feats /= feats.norm(dim=-1, keepdim=True)

            sim = residual(feats)
            cache_scores = ((-1) * (sharp - sharp * sim)).exp() @ values
            zs_scores = 100. * feats @ head
            mixed = zs_scores + cache_scores * blend

            loss = F.cross_entropy(mixed, gold)

            score = topk_accuracy(mixed, gold)
            n_right += score / 100 * len(mixed)
            n_seen += len(mixed)
            step_losses.append(loss.item())

            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()

        lr_now = sched.get_last_lr()[0]
        print('lr: {:.6f}, acc: {:.4f} ({:}/{:}), loss: {:.4f}'.format(lr_now, n_right / n_seen, n_right, n_seen, sum(step_losses)/len(step_losses)))

        # scoring on the test split
        residual.eval()

        sim = residual(eval_feats)
        cache_scores = ((-1) * (sharp - sharp * sim)).exp() @ values
        zs_scores = 100. * eval_feats @ head
        mixed = zs_scores + cache_scores * blend
        score = topk_accuracy(mixed, eval_gold)

        print("**** fine-tuned cache accuracy on test: {:.2f}. ****\n".format(score))
        if score > top_score:
            top_score = score
            top_round = ep
            torch.save(residual.weight, conf['cache_dir'] + "/best_F_" + str(conf['shots']) + "shots.pt")
    
    residual.weight = torch.load(conf['cache_dir'] + "/best_F_" + str(conf['shots']) + "shots.pt")
    print(f"**** best fine-tuned accuracy: {top_score:.2f}, reached at round: {top_round}. ****\n")

    # tune the two scalars again
    _ = grid_search(conf, sim, values, eval_feats, eval_gold, head, residual=residual)


def run():

    # read the yaml settings
    cli = parse_cli()
    assert (os.path.exists(cli.config))
    
    conf = yaml.load(open(cli.config, 'r'), Loader=yaml.Loader)

    store = os.path.join('./caches', conf['dataset'])
    os.makedirs(store, exist_ok=True)
    conf['cache_dir'] = store

    print("\nSettings in use:")
    print(conf, "\n")

    # backbone
    backbone, preprocess = clip.load(conf['backbone'])
    backbone.eval()

    # data
    random.seed(1)
    torch.manual_seed(1)
    
    print("Building the ImageNet splits.")
    inet = ImageNet(conf['root_path'], conf['shots'], preprocess)

    eval_loader = torch.utils.data.DataLoader(inet.test, batch_size=64, num_workers=8, shuffle=False)

    cache_loader = torch.utils.data.DataLoader(inet.train, batch_size=256, num_workers=8, shuffle=False)
    tune_loader = torch.utils.data.DataLoader(inet.train, batch_size=256, num_workers=8, shuffle=True)

    # text side
    print("Encoding class prompts as the zero-shot head.")
    head = text_head_weights(inet.classnames, inet.template, backbone)

    # few-shot cache
    print("\nBuilding the key/value cache from the few-shot images.")
    keys, values = make_key_value_cache(conf, backbone, cache_loader)

    # test features once
    print("\nEncoding the test split.")
    eval_feats, eval_gold = encode_split(conf, "test", backbone, eval_loader)

    # ------------------------------------------ training-free ------------------------------------------
    eval_training_free(conf, keys, values, eval_feats, eval_gold, head)

    # ------------------------------------------ fine-tuned ------------------------------------------
    eval_finetuned(conf, keys, values, eval_feats, eval_gold, head, backbone, tune_loader)
           

if __name__ == '__main__':
    run()
