import torch.optim as optim
from model import *
import util
class GWTrainer():
    def __init__(self, norm_scaler, input_dim, horizon_len, n_nodes, hidden , drop_p, lr_init, l2, run_device, support_mats, use_gcn, learn_adj, adj_init):
        self.gw_model = gwnet(run_device, n_nodes, drop_p, supports=support_mats, gcn_bool=use_gcn, addaptadj=learn_adj, aptinit=adj_init, in_dim=input_dim, out_dim=horizon_len, residual_channels=hidden, dilation_channels=hidden, skip_channels=hidden * 8, end_channels=hidden * 16)
        self.gw_model.to(run_device)
        self.opt = optim.Adam(self.gw_model.parameters(), lr=lr_init, weight_decay=l2)
        self.loss_fn = util.mae_masked
        self.norm_scaler = norm_scaler
        self.clip_norm = 5

    def train_step(self, batch_x, real_y):
        self.gw_model.train()
        self.opt.zero_grad()
        batch_x = nn.functional.pad(batch_x,(1,0,0,0))
        out_y = self.gw_model(batch_x)
        out_y = out_y.transpose(1,3)
        # shape now (batch, 12, nodes, 1)
        real_y4 = torch.unsqueeze(real_y,dim=1)
        pred_y = self.norm_scaler.denormalize_arr(out_y)

        batch_loss = self.loss_fn(pred_y, real_y4, 0.0)
        batch_loss.backward()
        if self.clip_norm is not None:
            torch.nn.utils.clip_grad_norm_(self.gw_model.parameters(), self.clip_norm)
        self.opt.step()
        mape_v = util.mape_masked(pred_y,real_y4,0.0).item()
        rmse_v = util.rmse_masked(pred_y,real_y4,0.0).item()
        return batch_loss.item(),mape_v,rmse_v

    def eval_step(self, batch_x, real_y):
        self.gw_model.eval()
        batch_x = nn.functional.pad(batch_x,(1,0,0,0))
        out_y = self.gw_model(batch_x)
        out_y = out_y.transpose(1,3)
        # shape now (batch, 12, nodes, 1)
        real_y4 = torch.unsqueeze(real_y,dim=1)
        pred_y = self.norm_scaler.denormalize_arr(out_y)
        batch_loss = self.loss_fn(pred_y, real_y4, 0.0)
        mape_v = util.mape_masked(pred_y,real_y4,0.0).item()
        rmse_v = util.rmse_masked(pred_y,real_y4,0.0).item()
        return batch_loss.item(),mape_v,rmse_v
