import scipy.io
import torch
import numpy as np
#import time
import os

#######################################################################
# score one probe against the gallery
def score_probe(pf,pl,pc,gf,gl,gc):
    col = pf.view(-1,1)
    # print(col.shape)
    sims = torch.mm(gf,col)
    sims = sims.squeeze(1).cpu()
    sims = sims.numpy()
    # ranking
    order = np.argsort(sims)  #ascending
    order = order[::-1]
    # order = order[0:2000]
    # true matches
    same_id = np.argwhere(gl==pl)
    same_cam = np.argwhere(gc==pc)

    hits = np.setdiff1d(same_id, same_cam, assume_unique=True)
    ignore_a = np.argwhere(gl==-1)
    ignore_b = np.intersect1d(same_id, same_cam)
    ignore = np.append(ignore_b, ignore_a) #.flatten())
    
    cmc_one = average_precision(order, hits, ignore)
    return cmc_one


def average_precision(order, hits, ignore):
    ap = 0
    cmc = torch.IntTensor(len(order)).zero_()
    if hits.size==0:   # no true match
        cmc[0] = -1
        return ap,cmc

    # drop ignored entries
    # keep = np.in1d(order, ignore, invert=True) # older numpy
    keep = np.isin(order, ignore, invert=True) # newer numpy
    order = order[keep]

    # positions of the hits
    n_hits = len(hits)
    # keep = np.in1d(order, hits) # older numpy
    keep = np.isin(order, hits) # newer numpy
    hit_rows = np.argwhere(keep==True)
    hit_rows = hit_rows.flatten()
    
    cmc[hit_rows[0]:] = 1
    for k in range(n_hits):
        step_recall = 1.0/n_hits
        prec = (k+1)*1.0/(hit_rows[k]+1)
        if hit_rows[k]!=0:
            prev_prec = k*1.0/hit_rows[k]
        else:
            prev_prec=1.0
        ap = ap + step_recall*(prev_prec + prec)/2

    return ap, cmc

######################################################################
saved = scipy.io.loadmat('features.mat')
probe_feat = torch.FloatTensor(saved['query_f'])
probe_cam = saved['query_cam'][0]
probe_lbl = saved['query_label'][0]
gallery_feat = torch.FloatTensor(saved['gallery_f'])
gallery_cam = saved['gallery_cam'][0]
gallery_lbl = saved['gallery_label'][0]

has_multi = os.path.isfile('multi_probe.mat')

if has_multi:
    multi = scipy.io.loadmat('multi_probe.mat')
    mprobe_feat = torch.FloatTensor(multi['mquery_f'])
    mprobe_cam = multi['mquery_cam'][0]
    mprobe_lbl = multi['mquery_label'][0]
    mprobe_feat = mprobe_feat.cuda()

probe_feat = probe_feat.cuda()
gallery_feat = gallery_feat.cuda()

print(probe_feat.shape)
CMC = torch.IntTensor(len(gallery_lbl)).zero_()
ap = 0.0
#print(probe_lbl)
for k in range(len(probe_lbl)):
    ap_k, CMC_k = score_probe(probe_feat[k],probe_lbl[k],probe_cam[k],gallery_feat,gallery_lbl,gallery_cam)
    if CMC_k[0]==-1:
        continue
    CMC = CMC + CMC_k
    ap += ap_k
    #print(k, CMC_k[0])

CMC = CMC.float()
CMC = CMC/len(probe_lbl) #mean over probes
print('R1:%f R5:%f R10:%f mAP:%f'%(CMC[0],CMC[4],CMC[9],ap/len(probe_lbl)))

# several probe images per identity
CMC = torch.IntTensor(len(gallery_lbl)).zero_()
ap = 0.0
if has_multi:
    for k in range(len(probe_lbl)):
        sel_a = np.argwhere(mprobe_lbl==probe_lbl[k])
        sel_b = np.argwhere(mprobe_cam==probe_cam[k])
        sel =  np.intersect1d(sel_a, sel_b)
        mp = torch.mean(mprobe_feat[sel,:], dim=0)
        ap_k, CMC_k = score_probe(mp,probe_lbl[k],probe_cam[k],gallery_feat,gallery_lbl,gallery_cam)
        if CMC_k[0]==-1:
            continue
        CMC = CMC + CMC_k
        ap += ap_k
        #print(k, CMC_k[0])
    CMC = CMC.float()
    CMC = CMC/len(probe_lbl) #mean over probes
    print('multi R1:%f R5:%f R10:%f mAP:%f'%(CMC[0],CMC[4],CMC[9],ap/len(probe_lbl)))
