import numpy as np
import pandas as pd
import matplotlib.pyplot as plt
import torch
import torch.nn as nn
import torch.utils.data as data_utils
from sklearn import preprocessing
from sklearn.metrics import roc_curve,roc_auc_score

def pick_device():
    """CUDA when present, otherwise the CPU."""
    if torch.cuda.is_available():
        return torch.device('cuda')
    else:
        return torch.device('cpu')

def move_to(data_obj, run_device):
    """Send a tensor, or each tensor of a list/tuple, to run_device."""
    if isinstance(data_obj, (list,tuple)):
        return [move_to(item, run_device) for item in data_obj]
    return data_obj.to(run_device, non_blocking=True)

def draw_val_curves(val_history):
    ae1_losses = [rec['val_loss1'] for rec in val_history]
    ae2_losses = [rec['val_loss2'] for rec in val_history]
    plt.plot(ae1_losses, '-x', label="AE1")
    plt.plot(ae2_losses, '-x', label="AE2")
    plt.xlabel('epoch')
    plt.ylabel('loss')
    plt.legend()
    plt.title('validation losses per epoch')
    plt.grid()
    plt.show()

def roc_threshold(test_y,pred_y):
    fp_rate,tp_rate,cutoffs=roc_curve(test_y,pred_y)
    auc_val=roc_auc_score(test_y,pred_y)
    cross_idx=np.argwhere(np.diff(np.sign(tp_rate-(1-fp_rate)))).flatten()

    plt.xlabel("FPR")
    plt.ylabel("TPR")
    plt.plot(fp_rate,tp_rate,label="AUC="+str(auc_val))
    plt.plot(fp_rate,1-fp_rate,'r:')
    plt.plot(fp_rate[cross_idx],tp_rate[cross_idx], 'ro')
    plt.legend(loc=4)
    plt.grid()
    plt.show()
    return cutoffs[cross_idx]

run_device = pick_device()

class WindowEncoder(nn.Module):
  def __init__(self, n_in, n_latent):
    super().__init__()
    self.fc1 = nn.Linear(n_in, int(n_in/2))
    self.fc2 = nn.Linear(int(n_in/2), int(n_in/4))
    self.fc3 = nn.Linear(int(n_in/4), n_latent)
    self.act = nn.ReLU(True)

  def forward(self, win):
    h = self.fc1(win)
    h = self.act(h)
    h = self.fc2(h)
    h = self.act(h)
    h = self.fc3(h)
    code = self.act(h)
    return code

class WindowDecoder(nn.Module):
  def __init__(self, n_latent, n_out):
    super().__init__()
    self.fc1 = nn.Linear(n_latent, int(n_out/4))
    self.fc2 = nn.Linear(int(n_out/4), int(n_out/2))
    self.fc3 = nn.Linear(int(n_out/2), n_out)
    self.act = nn.ReLU(True)
    self.squash = nn.Sigmoid()

  def forward(self, code):
    h = self.fc1(code)
    h = self.act(h)
    h = self.fc2(h)
    h = self.act(h)
    h = self.fc3(h)
    win = self.squash(h)
    return win

class UsadNet(nn.Module):
  def __init__(self, win_dim, code_dim):
    super().__init__()
    self.enc = WindowEncoder(win_dim, code_dim)
    self.dec1 = WindowDecoder(code_dim, win_dim)
    self.dec2 = WindowDecoder(code_dim, win_dim)

  def train_step_losses(self, win_batch, n_ep):
    code = self.enc(win_batch)
    rec1 = self.dec1(code)
    rec2 = self.dec2(code)
    rec12 = self.dec2(self.enc(rec1))
    loss_ae1 = 1/n_ep*torch.mean((win_batch-rec1)**2)+(1-1/n_ep)*torch.mean((win_batch-rec12)**2)
    loss_ae2 = 1/n_ep*torch.mean((win_batch-rec2)**2)-(1-1/n_ep)*torch.mean((win_batch-rec12)**2)
    return loss_ae1,loss_ae2

  def validation_losses(self, win_batch, n_ep):
    code = self.enc(win_batch)
    rec1 = self.dec1(code)
    rec2 = self.dec2(code)
    rec12 = self.dec2(self.enc(rec1))
    loss_ae1 = 1/n_ep*torch.mean((win_batch-rec1)**2)+(1-1/n_ep)*torch.mean((win_batch-rec12)**2)
    loss_ae2 = 1/n_ep*torch.mean((win_batch-rec2)**2)-(1-1/n_ep)*torch.mean((win_batch-rec12)**2)
    return {'val_loss1': loss_ae1, 'val_loss2': loss_ae2}

  def validation_summary(self, step_outs):
    ae1_batch_losses = [rec['val_loss1'] for rec in step_outs]
    ae1_epoch_loss = torch.stack(ae1_batch_losses).mean()
    ae2_batch_losses = [rec['val_loss2'] for rec in step_outs]
    ae2_epoch_loss = torch.stack(ae2_batch_losses).mean()
    return {'val_loss1': ae1_epoch_loss.item(), 'val_loss2': ae2_epoch_loss.item()}

  def report_epoch(self, epoch, summary):
    print("epoch {}: AE1 val {:.4f}, AE2 val {:.4f}".format(epoch, summary['val_loss1'], summary['val_loss2']))

def evaluate_val(usad_model, valid_loader, n_ep):
    step_outs = [usad_model.validation_losses(move_to(win_batch,run_device), n_ep) for [win_batch] in valid_loader]
    return usad_model.validation_summary(step_outs)

def train_usad(n_epochs, usad_model, train_batch_loader, valid_loader, make_optimizer=torch.optim.Adam):
    val_history = []
    optimizer_ae1 = make_optimizer(list(usad_model.enc.parameters())+list(usad_model.dec1.parameters()))
    optimizer_ae2 = make_optimizer(list(usad_model.enc.parameters())+list(usad_model.dec2.parameters()))
    for epoch in range(n_epochs):
        for [win_batch] in train_batch_loader:
            win_batch=move_to(win_batch,run_device)

            # step for encoder + first decoder
            loss_ae1,loss_ae2 = usad_model.train_step_losses(win_batch,epoch+1)
            loss_ae1.backward()
            optimizer_ae1.step()
            optimizer_ae1.zero_grad()

            # step for encoder + second decoder
            loss_ae1,loss_ae2 = usad_model.train_step_losses(win_batch,epoch+1)
            loss_ae2.backward()
            optimizer_ae2.step()
            optimizer_ae2.zero_grad()

        summary = evaluate_val(usad_model, valid_loader, epoch+1)
        usad_model.report_epoch(epoch, summary)
        val_history.append(summary)
    return val_history

def run_test(usad_model, test_batch_loader, w_ae1=.5, w_ae2=.5):
    anomaly_scores=[]
    for [win_batch] in test_batch_loader:
        win_batch=move_to(win_batch,run_device)
        rec1=usad_model.dec1(usad_model.enc(win_batch))
        rec2=usad_model.dec2(usad_model.enc(rec1))
        anomaly_scores.append(w_ae1*torch.mean((win_batch-rec1)**2,axis=1)+w_ae2*torch.mean((win_batch-rec2)**2,axis=1))
    return anomaly_scores

# the normal-operation recording
normal_df = pd.read_csv("input/SWaT_Dataset_Normal_v1.csv")# (a row limit helps for quick runs)
normal_df = normal_df.drop(["Timestamp" , "Normal/Attack" ] , axis = 1)
print(normal_df.shape)

# decimal commas to points, then every column to float
for col in list(normal_df):
    normal_df[col]=normal_df[col].apply(lambda v: str(v).replace("," , "."))
normal_df = normal_df.astype(float)

scaler = preprocessing.MinMaxScaler()

raw_vals = normal_df.values
scaled_vals = scaler.fit_transform(raw_vals)
normal_df = pd.DataFrame(scaled_vals)

# the recording with attacks
attack_df = pd.read_csv("input/SWaT_Dataset_Attack_v0.csv",sep=";")# (a row limit helps for quick runs)
attack_labels = [ float(tag!= 'Normal' ) for tag  in attack_df["Normal/Attack"].values]
attack_df = attack_df.drop(["Timestamp" , "Normal/Attack" ] , axis = 1)
print(attack_df.shape)

# decimal commas to points, then every column to float
for col in list(attack_df):
    attack_df[col]=attack_df[col].apply(lambda v: str(v).replace("," , "."))
attack_df = attack_df.astype(float)

raw_vals = attack_df.values
scaled_vals = scaler.transform(raw_vals)
attack_df = pd.DataFrame(scaled_vals)

win_len=12

normal_windows=normal_df.values[np.arange(win_len)[None, :] + np.arange(normal_df.shape[0]-win_len)[:, None]]
print(normal_windows.shape)

attack_windows=attack_df.values[np.arange(win_len)[None, :] + np.arange(attack_df.shape[0]-win_len)[:, None]]
print(attack_windows.shape)

BATCH_ROWS =  7919
EPOCH_COUNT = 100
code_per_step = 100

win_dim=normal_windows.shape[1]*normal_windows.shape[2]
code_dim=normal_windows.shape[1]*code_per_step

train_windows = normal_windows[:int(np.floor(.8 *  normal_windows.shape[0]))]
val_windows = normal_windows[int(np.floor(.8 *  normal_windows.shape[0])):int(np.floor(normal_windows.shape[0]))]

train_batch_loader = torch.utils.data.DataLoader(data_utils.TensorDataset(
    torch.from_numpy(train_windows).float().view(([train_windows.shape[0],win_dim]))
) , batch_size=BATCH_ROWS, shuffle=False, num_workers=0)

valid_loader = torch.utils.data.DataLoader(data_utils.TensorDataset(
    torch.from_numpy(val_windows).float().view(([val_windows.shape[0],win_dim]))
) , batch_size=BATCH_ROWS, shuffle=False, num_workers=0)

test_batch_loader = torch.utils.data.DataLoader(data_utils.TensorDataset(
    torch.from_numpy(attack_windows).float().view(([attack_windows.shape[0],win_dim]))
) , batch_size=BATCH_ROWS, shuffle=False, num_workers=0)

usad_model = UsadNet(win_dim, code_dim)
usad_model = move_to(usad_model,run_device)

val_history = train_usad(EPOCH_COUNT,usad_model,train_batch_loader,valid_loader)
draw_val_curves(val_history)

torch.save({
            'encoder': usad_model.enc.state_dict(),
            'decoder1': usad_model.dec1.state_dict(),
            'decoder2': usad_model.dec2.state_dict()
            }, "model.pth")

ckpt = torch.load("model.pth")

usad_model.enc.load_state_dict(ckpt['encoder'])
usad_model.dec1.load_state_dict(ckpt['decoder1'])
usad_model.dec2.load_state_dict(ckpt['decoder2'])

anomaly_scores=run_test(usad_model,test_batch_loader)

window_labels_list=[]
for i in range(len(attack_labels)-win_len):
    window_labels_list.append(list(np.int_(attack_labels[i:i+win_len])))

test_y = [1.0 if (np.sum(win_tags) > 0) else 0 for win_tags in window_labels_list ]

pred_y=np.concatenate([torch.stack(anomaly_scores[:-1]).flatten().detach().cpu().numpy(),
                              anomaly_scores[-1].flatten().detach().cpu().numpy()])

cutoff=roc_threshold(test_y,pred_y)
