import numpy as np
import torch
import torch.nn.functional as F
from scoring import distance, rank

# ---------------------- feature extraction ----------------------


def _unpack(batch):
    x = batch[0]
    ids = batch[1]
    cams = batch[2]
    return x, ids, cams


def _embed(net, x):
    net.eval()
    return net(x)


# device ----------------------------------------------------------------------
dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")


# ---------------------- evaluation ----------------------
@torch.no_grad()
def evaluate(net, loaders, opt, normalize_feature=False, dist_metric='cosine'):
    net.eval()

    # loaders ----------------------------------------------------------------
    q_loader, g_loader = loaders

    # query embeddings --------------------------------------------------------
    print('embedding query images')
    q_feat, q_ids, q_cams = [], [], []  # features, identities, cameras
    q_extra = []
    for it, batch in enumerate(q_loader):
        x, ids, cams = _unpack(batch)
        x = x.to(dev)
        f = _embed(net, x)
        q_feat.append(f)
        q_ids.extend(ids)
        q_cams.extend(cams)
    q_feat = torch.cat(q_feat, 0)
    q_ids = np.asarray(q_ids)
    q_cams = np.asarray(q_cams)
    print('query matrix {} x {}'.format(q_feat.size(0), q_feat.size(1)))

    # gallery embeddings ------------------------------------------------------
    print('embedding gallery images')
    g_feat, g_ids, g_cams = [], [], []  # features, identities, cameras
    g_extra = []
    for it, batch in enumerate(g_loader):
        x, ids, cams = _unpack(batch)
        x = x.to(dev)
        f = _embed(net, x)
        g_feat.append(f)
        g_ids.extend(ids)
        g_cams.extend(cams)
    g_feat = torch.cat(g_feat, 0)
    g_ids = np.asarray(g_ids)
    g_cams = np.asarray(g_cams)
    print('gallery matrix {} x {}'.format(g_feat.size(0), g_feat.size(1)))

    # optional L2 normalisation -----------------------------------------------
    if normalize_feature:
        print('L2-normalising features')
        q_feat = F.normalize(q_feat, p=2, dim=1)
        g_feat = F.normalize(g_feat, p=2, dim=1)

    # distances ----------------------------------------------------------------
    print('distance matrix, metric={}'.format(dist_metric))
    q_feat = np.array(q_feat.cpu())
    g_feat = np.array(g_feat.cpu())
    dist = distance.cosine_dist(q_feat, g_feat)
    order = np.argsort(dist)[:, ::-1]

    # CMC / mAP ----------------------------------------------------------------
    print('CMC and mAP')
    aps, cmcs = [], []
    for k, row in enumerate(zip(order, q_cams, q_ids)):
        ranking, qcam, qid = row
        ap, cmc = rank.compute_AP(ranking, qcam, qid, g_cams, g_ids)
        aps.append(ap), cmcs.append(cmc)
    mean_ap = np.array(aps).mean()
    shortest = min([len(c) for c in cmcs])
    cmcs = [c[:shortest] for c in cmcs]
    cmcs = np.mean(np.array(cmcs), axis=0)

    return cmcs, mean_ap


# an older stand-alone entry point, kept commented out:
# if __name__ == "__main__":
#     ap = argparse.ArgumentParser(description='evaluation')
#     ap.add_argument('--experiment', type=str, default='pcb_rga_v5')
#     ap.add_argument('--which_epoch', default='final', type=str)
#     ap.add_argument('--dataset', type=str, default='Occluded_REID')
#     opt = ap.parse_args()
#     net = create_net(opt.experiment, num_classes=1)
#     net = misc.load_network(net, opt.checkpoint, opt.which_epoch)
#     CMC, mAP = evaluate(net, opt.dataset, opt.dataset_path, opt.batch_size, dev, opt)
