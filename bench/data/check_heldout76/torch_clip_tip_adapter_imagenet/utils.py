from tqdm import tqdm

import torch
import torch.nn.functional as F
import torch.nn as nn

import clip


def topk_accuracy(scores, gold, topk=1):
    guess = scores.topk(topk, 1, True, True)[1].t()
    hits = guess.eq(gold.view(1, -1).expand_as(guess))
    score = float(hits[: topk].reshape(-1).float().sum(0, keepdim=True).cpu().numpy())
    score = 100 * score / gold.shape[0]
    return score


def text_head_weights(labels_txt, prompts, backbone):
    with torch.no_grad():
        head = []

        for label_txt in labels_txt:
            # fill the prompt templates with this label
            label_txt = label_txt.replace('_', ' ')
            filled = [p.format(label_txt) for p in prompts]
            filled = clip.tokenize(filled).cuda()
            # average over the prompt ensemble
            txt_emb = backbone.encode_text(filled)
            txt_emb /= txt_emb.norm(dim=-1, keepdim=True)
            mean_emb = txt_emb.mean(dim=0)
            mean_emb /= mean_emb.norm()
            head.append(mean_emb)

        head = torch.stack(head, dim=1).cuda()
    return head


def make_key_value_cache(conf, backbone, cache_loader):

    if conf['load_cache'] == False:    
        key_chunks = []
        value_chunks = []

        with torch.no_grad():
            # several augmented passes over the few-shot set
            for aug_round in range(conf['augment_epoch']):
                round_feats = []

                print('Augmentation round: {:} / {:}'.format(aug_round, conf['augment_epoch']))
                for j, (imgs, gold) in enumerate(tqdm(cache_loader)):
                    imgs = imgs.cuda()
                    feats = backbone.encode_image(imgs)
                    round_feats.append(feats)
                    if aug_round == 0:
                        gold = gold.cuda()
                        value_chunks.append(gold)
                key_chunks.append(torch.cat(round_feats, dim=0).unsqueeze(0))
            
        key_chunks = torch.cat(key_chunks, dim=0).mean(dim=0)
        key_chunks /= key_chunks.norm(dim=-1, keepdim=True)
        key_chunks = key_chunks.permute(1, 0)
        value_chunks = F.one_hot(torch.cat(value_chunks, dim=0)).half()

        torch.save(key_chunks, conf['cache_dir'] + '/keys_' + str(conf['shots']) + "shots.pt")
        torch.save(value_chunks, conf['cache_dir'] + '/values_' + str(conf['shots']) + "shots.pt")

    else:
        key_chunks = torch.load(conf['cache_dir'] + '/keys_' + str(conf['shots']) + "shots.pt")
        value_chunks = torch.load(conf['cache_dir'] + '/values_' + str(conf['shots']) + "shots.pt")

    return key_chunks, value_chunks


def encode_split(conf, split_name, backbone, loader):

    if conf['load_pre_feat'] == False:
        feats_all, gold_all = [], []

        with torch.no_grad():
            for j, (imgs, gold) in enumerate(tqdm(loader)):
                imgs, gold = imgs.cuda(), gold.cuda()
                feats = backbone.encode_image(imgs)
                feats /= feats.norm(dim=-1, keepdim=True)
                feats_all.append(feats)
                gold_all.append(gold)

        feats_all, gold_all = torch.cat(feats_all), torch.cat(gold_all)

        torch.save(feats_all, conf['cache_dir'] + "/" + split_name + "_f.pt")
        torch.save(gold_all, conf['cache_dir'] + "/" + split_name + "_l.pt")
   
    else:
        feats_all = torch.load(conf['cache_dir'] + "/" + split_name + "_f.pt")
        gold_all = torch.load(conf['cache_dir'] + "/" + split_name + "_l.pt")
    
    return feats_all, gold_all


def grid_search(conf, keys, values, feats, gold, head, residual=None):

    if conf['search_hp'] == True:
    
        sharpness_grid = [k * (conf['search_scale'][0] - 0.1) / conf['search_step'][0] + 0.1 for k in range(conf['search_step'][0])]
        blend_grid = [k * (conf['search_scale'][1] - 0.1) / conf['search_step'][1] + 0.1 for k in range(conf['search_step'][1])]

        top_score = 0
        top_sharp, top_blend = 0, 0

        for sharp in sharpness_grid:
            for blend in blend_grid:
                if residual:
                    sim = residual(feats)
                else:
                    sim = feats @ keys

                cache_scores = ((-1) * (sharp - sharp * sim)).exp() @ values
                zs_scores = 100. * feats @ head
                mixed = zs_scores + cache_scores * blend
                score = topk_accuracy(mixed, gold)
            
                if score > top_score:
                    print("Better pair, sharpness: {:.2f}, blend: {:.2f}; accuracy: {:.2f}".format(sharp, blend, score))
                    top_score = score
                    top_sharp = sharp
                    top_blend = blend

        print("\nGrid search done, best accuracy: {:.2f}.\n".format(top_score))

    return top_sharp, top_blend
