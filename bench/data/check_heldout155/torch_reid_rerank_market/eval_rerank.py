import scipy.io
import torch
import numpy as np
import time
from  kreciprocal import rerank
#######################################################################
# scoring
def score_query(dist_row,qid,qcam,gids,gcams):
    order = np.argsort(dist_row)  # ascending
    #order = order[::-1]
    # true matches
    same_id = np.argwhere(gids==qid)
    same_cam = np.argwhere(gcams==qcam)

    good = np.setdiff1d(same_id, same_cam, assume_unique=True)
    junk_a = np.argwhere(gids==-1)
    junk_b = np.intersect1d(same_id, same_cam)
    junk = np.append(junk_b, junk_a) #.flatten())
    
    res = ap_and_cmc(order, good, junk)
    return res


def ap_and_cmc(order, good, junk):
    ap = 0
    cmc = torch.IntTensor(len(order)).zero_()
    if good.size==0:   # no true match
        cmc[0] = -1
        return ap,cmc

    # drop junk entries
    keep = np.in1d(order, junk, invert=True)
    order = order[keep]

    # positions of true matches
    n_good = len(good)
    keep = np.in1d(order, good)
    pos = np.argwhere(keep==True)
    pos = pos.flatten()
    
    cmc[pos[0]:] = 1
    for i in range(n_good):
        step = 1.0/n_good
        prec = (i+1)*1.0/(pos[i]+1)
        if pos[i]!=0:
            prev_prec = i*1.0/pos[i]
        else:
            prev_prec=1.0
        ap = ap + step*(prev_prec + prec)/2

    return ap, cmc

######################################################################
feats = scipy.io.loadmat('pytorch_result.mat')
qf = feats['query_f']
qcam = feats['query_cam'][0]
qid = feats['query_label'][0]
gf = feats['gallery_f']
gcam = feats['gallery_cam'][0]
gid = feats['gallery_label'][0]

CMC = torch.IntTensor(len(gid)).zero_()
ap = 0.0
# re-ranking
print('initial similarities')
qg = np.dot(qf, np.transpose(gf))
qq = np.dot(qf, np.transpose(qf))
gg = np.dot(gf, np.transpose(gf))
t0 = time.time()
new_dist = rerank(qg, qq, gg)
spent = time.time() - t0
print('re-ranking took {:.0f}m {:.0f}s'.format(
        spent // 60, spent % 60))
for i in range(len(qid)):
    ap_i, cmc_i = score_query(new_dist[i,:],qid[i],qcam[i],gid,gcam)
    if cmc_i[0]==-1:
        continue
    CMC = CMC + cmc_i
    ap += ap_i
    #print(i, cmc_i[0])

CMC = CMC.float()
CMC = CMC/len(qid) # mean CMC
print('r1:%f r5:%f r10:%f mAP:%f'%(CMC[0],CMC[4],CMC[9],ap/len(qid)))
