import torch
import torch.nn as nn
from torch.utils.data.dataset import TensorDataset
from model.ctr.deepFM import DeepFM
from trainer import fit_with_holdout
from criteo_io import read_and_encode


def fit_deepfm(field_idx, field_val, clicks, meta, head='binary'):
    dev = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")

    idx_t = torch.LongTensor(field_idx).to(dev)
    val_t = torch.Tensor(field_val).to(dev)
    click_t = torch.Tensor(clicks).to(dev)
    click_t = click_t.reshape(-1, 1)

    triples = TensorDataset(idx_t, val_t, click_t)
    net = DeepFM(emb_dim=5, feat_dim=meta.get_total_dim(), num_fields=meta.get_num_fields(),
                 out_type=head).to(dev)
    adam = torch.optim.Adam(net.parameters(), lr=1e-4)

    fit_with_holdout(run_name='deepfm-click', device=dev,
                     model=net, dataset=triples,
                     loss_func=nn.BCELoss(), optimizer=adam,
                     epochs=20, batch_size=256)
    return net


if __name__ == '__main__':
    # read the click log and encode its fields
    idx_arr, val_arr, click_arr, meta = read_and_encode()
    net = fit_deepfm(idx_arr, val_arr, click_arr, meta)
