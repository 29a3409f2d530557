import torch as t
from torch import nn, optim
import os
from dataset import make_loader, ShapeNetDataset
from model import PointNetCls, regularization_item
from torch.utils import data
from tqdm import tqdm
from visdom import Visdom
import random
random.seed(1000)
os.environ["CUDA_VISIBLE_DEVICES"] = "0"


root = r"D:\data\shapenet_part_v0"  # the ShapeNet part benchmark folder

epoch = 100
bs_train = 16
bs_test = 64
lr = 0.001
lr_gamma = 0.5
lr_milestones = [20, 30, 50, 70]
log_every = 100
sm = nn.Softmax(dim=1)
input_dim = 3
use_bias = False
npoints = 2500
num_workers = 4
eval_only = True
seed = 123
ShapeNetDataset(root, npoints=npoints, classification=True, class_choice=None, split='train', data_augmentation=True, seed=seed)  # first construction writes the two json index files
with open("cls_index.json", "r", encoding="utf-8") as file:
    cls_index = eval(file.read())
num_classes = len(cls_index)
print(cls_index)
if not eval_only:
    vis_tr_loss = Visdom()
    vis_tr_acc = Visdom()
    vis_v_loss = Visdom()
    vis_v_acc = Visdom()
    fit_steps = 0
    val_steps = 0


def batch_acc(out, tgt, sm):
    accu = (t.argmax(sm(out), dim=1) == tgt).sum().item() / out.size()[0]
    return accu


def fit_one(model, ep_now, ep_total, train_loader, criterion, optimizer, sm):
    global fit_steps
    model.train()
    n_steps = len(train_loader)
    step_i = 1
    for xb, yb in train_loader:
        xg = xb.cuda(0)
        yg = yb.squeeze().cuda(0)
        out_tr, feat_T = model(xg)
        loss_tr = criterion(out_tr, yg) + regularization_item(feat_T) * 0.001
        optimizer.zero_grad()
        loss_tr.backward()
        optimizer.step()
        acc_tr = batch_acc(out_tr, yg, sm)
        if step_i % log_every == 0:
            print("ep %d/%d it %d/%d loss %.5f acc %.5f" % (ep_now, ep_total, step_i, n_steps, loss_tr.item(), acc_tr))
        if (fit_steps + 1) % log_every == 0:
            vis_tr_loss.line([loss_tr.detach().cpu()], [fit_steps], win='loss_tr', update='append', opts=dict(title='loss_tr'))
            vis_tr_acc.line([acc_tr], [fit_steps], win='acc_tr', update='append', opts=dict(title='acc_tr'))
        fit_steps += 1
        step_i += 1
    return model


def check_one(model, ep_now, ep_total, valid_loader, criterion, sm):
    global val_steps
    model.eval()
    loss_sum = 0
    acc_sum = 0
    n_steps = len(valid_loader)
    pbar = tqdm(valid_loader)
    pbar.set_description("val")
    for xv, yv in pbar:
        xvg = xv.cuda(0)
        yvg = yv.squeeze().cuda(0)
        with t.no_grad():
            out_v, feat_T = model(xvg)
            loss_v = criterion(out_v, yvg) + 0.001 * regularization_item(feat_T)
            acc_v = batch_acc(out_v, yvg, sm)
            loss_sum += loss_v.item()
            acc_sum += acc_v
        if (val_steps + 1) % log_every == 0:
            vis_v_loss.line([loss_v.detach().cpu()], [val_steps], win='loss_v', update='append', opts=dict(title='loss_v'))
            vis_v_acc.line([acc_v], [val_steps], win='acc_v', update='append', opts=dict(title='acc_v'))
        val_steps += 1
    mean_loss = loss_sum / n_steps
    mean_acc = acc_sum / n_steps
    print("---- val after ep %d/%d ----" % (ep_now, ep_total))
    print("val loss %.5f acc %.5f" % (mean_loss, mean_acc))
    return model, mean_loss


def test(sm):
    model = PointNetCls(num_classes=num_classes, input_dim=input_dim, is_bias=use_bias)
    model = nn.DataParallel(module=model, device_ids=[0])
    model.load_state_dict(t.load("model_save/cls_best.pth"))
    model.cuda(0)
    model.eval()
    n_right = 0
    n_seen = 0
    te_set = ShapeNetDataset(root, npoints=npoints, classification=True, class_choice=None, split='test', data_augmentation=False, seed=seed)
    te_loader = data.DataLoader(te_set, batch_size=bs_test, shuffle=True, drop_last=False)
    pbar = tqdm(te_loader)
    pbar.set_description("test")
    for xt, yt in pbar:
        xtg = xt.cuda(0)
        ytg = yt.squeeze().cuda(0)
        with t.no_grad():
            out_t, _ = model(xtg)
            n_right += (t.argmax(sm(out_t), dim=1) == ytg).sum().item()
            n_seen += out_t.size()[0]
    te_acc = n_right / n_seen
    print("---- test ----")
    print("test acc %.5f" % (te_acc,))


def main():
    if not eval_only:
        best_loss = float("inf")
        model = PointNetCls(num_classes=num_classes, input_dim=input_dim, is_bias=use_bias)
        model = nn.DataParallel(module=model, device_ids=[0])
        model = model.cuda(0)
        criterion = nn.CrossEntropyLoss().cuda(0)
        optimizer = optim.Adam(params=model.parameters(), lr=lr)
        lr_sched = optim.lr_scheduler.MultiStepLR(optimizer, lr_milestones, lr_gamma)
        for ep in range(epoch):
            train_loader = make_loader(root, classification=True, split="train", data_augmentation=True, npoints=npoints, batch_size=bs_train, class_choice=None, num_workers=num_workers, seed=seed)
            valid_loader = make_loader(root, classification=True, split="val", data_augmentation=False, npoints=npoints, batch_size=bs_train, class_choice=None, num_workers=num_workers, seed=seed)
            model = fit_one(model, ep + 1, epoch, train_loader, criterion, optimizer, sm)
            model, loss_v = check_one(model, ep + 1, epoch, valid_loader, criterion, sm)
            if loss_v < best_loss:
                best_loss = loss_v
                print("best so far, saving")
                t.save(model.state_dict(), "model_save/cls_best.pth")
            print("saving last")
            t.save(model.state_dict(), "model_save/cls_epoch.pth")
            lr_sched.step()
    if os.path.exists("model_save/cls_best.pth"):
        test(sm)
    else:
        raise(Exception("no best checkpoint found"))


if __name__ == "__main__":
    main()
