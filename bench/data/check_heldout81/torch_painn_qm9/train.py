import torch
import torch.nn as nn
import torch.optim as optim
from PaiNN import PaiNN
from torch_geometric.datasets import QM9
from torch_geometric.loader import DataLoader
from torch_geometric.utils import scatter
from torch.optim.lr_scheduler import ReduceLROnPlateau
import wandb
import torch.nn.functional as F
import torch._dynamo


# ### data preparation (kept for reference, now done in main.py)
# molecules = QM9(root=f"./data")

# # split sizes
# n_total = len(molecules)
# n_train = int(0.8 * n_total)
# n_val = int(0.1 * n_total)
# n_test = n_total - n_train - n_val

# # seeded random split
# tr_part, va_part, te_part = torch.utils.data.random_split(molecules,
#                                                                 [n_train, n_val, n_test],
#                                                                 generator=torch.Generator().manual_seed(42))

# bs=32
# # loaders
# tr_loader = DataLoader(tr_part, bs)
# va_loader = DataLoader(va_part, bs)
# te_loader = DataLoader(te_part, bs)


# ### quick check
# # build the network
# #dev = torch.device('cuda' if torch.cuda.is_available() else 'cpu')

# #net = PaiNN(num_atoms=10, num_embeddings=128, cutoff_dist=5, hidden_out_dim=128, device=dev) # tweak as needed


# n_epochs = 999
# #loss_fn = nn.MSELoss()
# #opt = optim.Adam(net.parameters(), lr=0.001)




def fit_painn(net, tr_loader, va_loader, n_epochs, opt, loss_fn, target_idx, dev, out_dir):

    torch._dynamo.config.suppress_errors = True

    # logging setup (disabled here)
    # if on_cluster:
    #     wandb.init(project="painn_runs", name=run_name, config={
    #         "epochs": n_epochs,
    #         "batch_size": bs,
    #         "num_atoms": n_atoms,
    #         "num_embeddings": n_emb,
    #         "cutoff_disc": cutoff,
    #         "criterion": "MSELoss",
    #         "Optimizer": "Adam0001",
    #         "device": str(dev)
    #     })

    sched = ReduceLROnPlateau(opt, mode='min', factor=0.5, patience=5, verbose=True)
    # running smoothed validation loss
    ema_val = None
    ema_w = 0.9

    for ep in range(n_epochs):
        net.train()
        sum_tr_loss, sum_tr_mae = 0.0, 0.0


        for graph in tr_loader:
            graph.to(dev)
            opt.zero_grad()
            # forward
            pred = net(graph)
            # prediction lines up with the selected target column
            step_loss = loss_fn(pred.squeeze(), graph.y[:, target_idx])
            step_loss.backward()
            opt.step()
            sum_tr_loss += step_loss.item()
            sum_tr_mae += F.l1_loss(pred.squeeze(), graph.y[:, target_idx], reduction='sum').item()



        mean_tr_loss = sum_tr_loss / len(tr_loader.dataset)
        mean_tr_mae = sum_tr_mae / len(tr_loader.dataset)

        print(f'ep [{ep+1}/{n_epochs}] train loss {mean_tr_loss:.4f} train mae {mean_tr_mae:.4f}' )


        # validation pass
        net.eval()
        sum_va_loss, sum_va_mae = 0.0, 0.0


        with torch.no_grad():
            for graph in va_loader:
                graph.to(dev)
                pred = net(graph)
                step_loss = loss_fn(pred.squeeze(), graph.y[:, target_idx])
                sum_va_loss += step_loss.item()
                sum_va_mae += F.l1_loss(pred.squeeze(), graph.y[:, target_idx], reduction='sum').item()



        mean_va_loss = sum_va_loss / len(va_loader.dataset)
        mean_va_mae = sum_va_mae / len(va_loader.dataset)
        # exponential smoothing of the validation loss
        if ema_val is None:
            ema_val = mean_va_loss
        else:
            ema_val = (ema_w * ema_val) + ((1 - ema_w) * mean_va_loss)

        print(f'ep [{ep+1}/{n_epochs}] val loss {mean_va_loss:.4f} val mae {mean_va_mae:.4f} smoothed {ema_val:.4f}')

        # scheduler follows the smoothed value
        sched.step(ema_val)

        wandb.log({"tr_loss": mean_tr_loss, "tr_mae": mean_tr_mae, "va_loss": mean_va_loss, "va_mae": mean_va_mae, "va_smoothed":ema_val })
        if (ep + 1) % 10 == 0:
            # periodic checkpoint
            torch.save(net.state_dict(), f"{out_dir}/ep_{ep+1}.pth")

    torch.save(net.state_dict(), f"{out_dir}/last.pth")
    wandb.finish()




#fit_painn(net, tr_loader, va_loader, n_epochs, opt, loss_fn, 1)
