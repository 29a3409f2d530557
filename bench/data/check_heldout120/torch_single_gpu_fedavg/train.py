import torch
import torch.nn as nn
import torch.optim as optim
from sgd_clip import SGDClipGrad
import copy
from gradient import get_gradient

from sharpness import get_hessian_eigenvalues
import os
import json
import time
def init_corrections(cfg, replicas, client_loaders, crit):
    acc_grads = [[0.0] * len(list(m.parameters())) for m in replicas]
    for c in range(cfg.world_size):
        dl = client_loaders[c]
        net = replicas[c]
        for i in range(cfg.communication_interval):
            net.zero_grad()
            batch = next(iter(dl))
            xb, yb = batch
            xb, yb = xb.cuda(), yb.cuda()
            out = net(xb)
            loss = crit(out, yb)
            loss.backward()
            g_now = [
                p.grad.clone().detach() for p in net.parameters() if p.grad is not None
            ]

            for j in range(len(acc_grads[c])):
                acc_grads[c][j] += g_now[j] / cfg.communication_interval
    local_corr = acc_grads
    global_corr = [0.0] * len(local_corr[0])
    for c in range(cfg.world_size):
        for j in range(len(local_corr[c])):
            global_corr[j] += local_corr[c][j] / cfg.world_size
    return local_corr, global_corr


def train_models(cfg, replicas, client_loaders, val_dl, test_dl):
    replicas = [m.cuda() for m in replicas]
    gpu_sets = [[(xb.cuda() , yb.cuda()) for (xb, yb) in client_loaders[i]] for i in range(cfg.world_size)]
    crit = nn.CrossEntropyLoss() if cfg.loss == "cross_entropy" else nn.MSELoss()
    opts = [SGDClipGrad(
        m.parameters(),
        lr=cfg.eta0,
        clipping_param=10**10,
        algorithm=cfg.algorithm
        ) for m in replicas]
    # SCAFFOLD control variates
    if cfg.algorithm == "scaffold":
# per-client correction terms
        local_corr, global_corr = init_corrections(
            cfg, replicas, client_loaders, crit
        )
    else:
        local_corr = None
        global_corr = None

    cuda_streams = [torch.cuda.Stream() for _ in range(cfg.world_size)]
    tr_acc = [[] for _ in range(cfg.world_size)]
    tr_loss = []
    te_acc = []
    te_loss = []

    scaffold_cmp = []
    local_ev = []
    global_ev = []
    for c in range(cfg.world_size):
        print(gpu_sets[c][0][0].sum())
    for rnd in range(cfg.rounds):
        for c in range(cfg.world_size):
            st = cuda_streams[c]


            with torch.cuda.stream(st):
                net = replicas[c]

                mean_grad = [torch.zeros_like(p.data) for p in net.parameters()]
                opt = opts[c]
                xb, yb = gpu_sets[c][0]
                net.train()
                for step in range(cfg.communication_interval):
                    opt.zero_grad()
                    out = net(xb.float())
                    loss = crit(out, yb)
                    loss.backward()
                    mean_grad = [
                        mean_grad[i] + p.grad.data.detach().clone() / cfg.communication_interval
                        for i, p in enumerate(net.parameters())
                    ]
                    opt.step(
                        local_correction=local_corr[c] if local_corr is not None else None,
                        global_correction=global_corr,
                    )

                    if (rnd + 1) % (cfg.rounds // cfg.num_evals) == 0:
                        with torch.no_grad():
                            if out.dim() > 1 and out.size(1) > 1:
                                pred = out.argmax(dim=1)
                            else:
                                pred = (out.squeeze() > 0.5).long()
                            b_acc = (pred == yb).float().mean().item() * 100.0
                            tr_acc[c].append(b_acc)

                        # ev = get_hessian_eigenvalues(net, crit, [[(xb, yb)]])
                        # local_ev.append(float(ev[0]))
                    # if cfg.algorithm == "scaffold" and (rnd + 1) % (cfg.rounds // cfg.num_evals) == 0:
                    #     torch.cuda.synchronize()

                    #     for i in range(cfg.world_size):
                    #         dc = copy.deepcopy(replicas[i])
                    #         lg = get_gradient(dc, [gpu_sets[i]], crit)
                    #         gg = get_gradient(dc, gpu_sets, crit)
                    #         sg = lg + torch.cat([g.view(-1) for g in global_corr]) - torch.cat([g.view(-1) for g in local_corr[i]])
                    #         c1 = torch.norm(lg - gg).item()
                    #         c2 = torch.norm(sg - gg).item()
                    #         c3 = torch.dot(lg, gg) / (torch.norm(gg) * torch.norm(lg) + 1e-10)
                    #         c4 = torch.dot(sg, gg) / (torch.norm(gg) * torch.norm(sg) + 1e-10)
                    #         scaffold_cmp.append((c1, c2, c3, c4))
            if cfg.algorithm == "scaffold":
                local_corr[c] = mean_grad
        if cfg.algorithm == "scaffold":
            global_corr = [0.0] * len(local_corr[0])
            for i in range(cfg.world_size):
                for j in range(len(local_corr[i])):
                    global_corr[j] += local_corr[i][j] / cfg.world_size


        torch.cuda.synchronize()
        # average all replicas (params and buffers) and copy the mean back
        mean_sd = {}
        # sum on the CPU
        for m in replicas:
            sd = m.state_dict()
            for k, v in sd.items():
                v_host = v.detach().cpu()
                if k not in mean_sd:
                    mean_sd[k] = v_host.clone()
                else:
                    mean_sd[k] += v_host
        # divide by the number of replicas
        for k in mean_sd:
            mean_sd[k] /= cfg.world_size
        # push the mean back to every replica's device
        for m in replicas:
            dev = next(m.parameters()).device
            dev_sd = {k: mean_sd[k].to(dev) for k in mean_sd}
            m.load_state_dict(dev_sd)
        # periodic evaluation
        print(f"finished round {rnd}")
        if (rnd + 1) % (cfg.rounds // cfg.num_evals) == 0:
            # evaluate the averaged replica on the test split
            net = replicas[0]
            net.eval()
            dev = next(net.parameters()).device
            loss_sum = 0.0
            n_right = 0
            n_seen = 0

            with torch.no_grad():
                for batch in test_dl:
                    xb, yb = batch
                    xb, yb = xb.to(dev), yb.to(dev)
                    out = net(xb)
                    loss = crit(out, yb)
                    bs = yb.size(0)
                    loss_sum += loss.item() * bs

                    if out.dim() > 1 and out.size(1) > 1:
                        pred = out.argmax(dim=1)
                    else:
                        pred = (out.squeeze() > 0.5).long()

                    n_right += (pred == yb).sum().item()
                    n_seen += bs

            mean_te_loss = loss_sum / n_seen
            acc_now = (n_right / n_seen) * 100.0

            te_loss.append(mean_te_loss)
            te_acc.append(acc_now)

            grads, loss = get_gradient(net, gpu_sets, crit)
            tr_loss.append(loss)
            # optional sharpness of the global model
            if cfg.individual_evals:
                ev = get_hessian_eigenvalues(net, crit, client_loaders, neigs=1)
                global_ev.append(float(ev[0]))
            # (further evaluation left out)
    def _plain(obj):
        if isinstance(obj, torch.Tensor):
            if obj.numel() == 1:
                return float(obj.item())
            return obj.detach().cpu().tolist()
        if isinstance(obj, (float, int, str, bool)):
            return obj
        if isinstance(obj, dict):
            return {k: _plain(v) for k, v in obj.items()}
        if isinstance(obj, (list, tuple)):
            return [_plain(x) for x in obj]
        try:
            return float(obj)
        except Exception:
            return str(obj)

    # collect results
    results = {
        "train_accuracies": tr_acc,
        "train_losses": tr_loss,
        "test_accuracies": te_acc,
        "test_losses": te_loss,
        "scaffold_comparisons": scaffold_cmp,
        "local_evals": local_ev,
        "global_evals": global_ev,
        "metadata": {
            "lr": cfg.eta0,
            "rounds": cfg.rounds,
            "communication_interval": cfg.communication_interval,
            "algorithm": cfg.algorithm,
            "world_size": cfg.world_size,
            "model": cfg.model,
            "dataset": cfg.dataset,
            "layers": cfg.layers,
            "width": cfg.width,
            "loss": cfg.loss,
            "heterogeneity": cfg.heterogeneity,
            "full_batch": cfg.full_batch,
            "batchsize": cfg.batchsize
        }
    }

    # make it JSON friendly
    results_json = _plain(results)

    # where to write
    target = os.path.join(cfg.log_folder, cfg.log_fpath)
    os.makedirs(os.path.dirname(target), exist_ok=True)
    out_file = target

    with open(out_file, "w") as fh:
        json.dump(results_json, fh, indent=2)

    print(f"metrics written to {out_file}")
    print("done.")
