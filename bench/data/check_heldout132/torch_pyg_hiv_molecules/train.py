#%% imports 
import torch 
from torch_geometric.data import DataLoader
from sklearn.metrics import confusion_matrix, f1_score, \
    accuracy_score, precision_score, recall_score, roc_auc_score
import numpy as np
from tqdm import tqdm
from dataset_featurizer import MolGraphSet
from model import GNN
import mlflow.pytorch
import matplotlib.pyplot as plt 
import seaborn as sns
import pandas as pd 
dev = torch.device("cuda:0" if torch.cuda.is_available() else "cpu")

# experiment tracker
mlflow.set_tracking_uri("http://localhost:5000")



def n_trainable(net):
    return sum(p.numel() for p in net.parameters() if p.requires_grad)


def fit_epoch(ep, net, loader, opt, crit):
    # one pass over the training molecules
    hard_preds = []
    truths = []
    loss_acc = 0.0
    n_steps = 0
    for _, mb in enumerate(tqdm(loader)):
        # to the device
        mb.to(dev)  
        # clear grads
        opt.zero_grad() 
        # atoms, bonds, connectivity, graph ids
        logits = net(mb.x.float(), 
                     mb.edge_attr.float(),
                     mb.edge_index, 
                     mb.batch) 
        # BCE and backprop
        loss = crit(torch.squeeze(logits), mb.y.float())
        loss.backward()  
        opt.step()  
        # bookkeeping
        loss_acc += loss.item()
        n_steps += 1
        hard_preds.append(np.rint(torch.sigmoid(logits).cpu().detach().numpy()))
        truths.append(mb.y.cpu().detach().numpy())
    hard_preds = np.concatenate(hard_preds).ravel()
    truths = np.concatenate(truths).ravel()
    report_metrics(hard_preds, truths, ep, "train")
    return loss_acc/n_steps

def evaluate(ep, net, loader, crit):
    hard_preds = []
    soft_preds = []
    truths = []
    loss_acc = 0.0
    n_steps = 0
    for mb in loader:
        mb.to(dev)  
        logits = net(mb.x.float(), 
                     mb.edge_attr.float(),
                     mb.edge_index, 
                     mb.batch) 
        loss = crit(torch.squeeze(logits), mb.y.float())

         # bookkeeping
        loss_acc += loss.item()
        n_steps += 1
        hard_preds.append(np.rint(torch.sigmoid(logits).cpu().detach().numpy()))
        soft_preds.append(torch.sigmoid(logits).cpu().detach().numpy())
        truths.append(mb.y.cpu().detach().numpy())
    
    hard_preds = np.concatenate(hard_preds).ravel()
    truths = np.concatenate(truths).ravel()
    print(soft_preds[0][:10])
    print(hard_preds[:10])
    print(truths[:10])
    report_metrics(hard_preds, truths, ep, "test")
    save_confusion(hard_preds, truths, ep)
    return loss_acc/n_steps

def save_confusion(pred, truth, ep):
    # confusion matrix as a picture
    cm = confusion_matrix(pred, truth)
    names = ["0", "1"]
    cm_df = pd.DataFrame(cm, index = names, columns = names)
    plt.figure(figsize = (10,7))
    heat = sns.heatmap(cm_df, annot=True, cmap='Blues', fmt='g')
    heat.figure.savefig(f'data/images/cm_{ep}.png')
    mlflow.log_artifact(f"data/images/cm_{ep}.png")

def report_metrics(pred, truth, ep, tag):
    print(f"\n confusion: \n {confusion_matrix(pred, truth)}")
    print(f"F1: {f1_score(truth, pred)}")
    print(f"acc: {accuracy_score(truth, pred)}")
    p = precision_score(truth, pred)
    r = recall_score(truth, pred)
    print(f"precision: {p}")
    print(f"recall: {r}")
    mlflow.log_metric(key=f"Precision-{tag}", value=float(p), step=ep)
    mlflow.log_metric(key=f"Recall-{tag}", value=float(r), step=ep)
    try:
        auc = roc_auc_score(truth, pred)
        print(f"AUC: {auc}")
        mlflow.log_metric(key=f"ROC-AUC-{tag}", value=float(auc), step=ep)
    except:
        mlflow.log_metric(key=f"ROC-AUC-{tag}", value=float(0), step=ep)
        print(f"AUC: undefined")

# %% one training run per hyper-parameter draw
from mango import scheduler, Tuner
from config import HYPERPARAMETERS, BEST_PARAMETERS, SIGNATURE

def one_trial(hp):
    hp = hp[0]
    with mlflow.start_run() as run:
        # record this draw
        for k in hp.keys():
            mlflow.log_param(k, hp[k])

        # molecules
        print("reading molecules...")
        tr_set = MolGraphSet(root="data/", filename="HIV_train_oversampled.csv")
        te_set = MolGraphSet(root="data/", filename="HIV_test.csv", test=True)
        hp["model_edge_dim"] = tr_set[0].edge_attr.shape[1]

        # loaders
        tr_loader = DataLoader(tr_set, batch_size=hp["batch_size"], shuffle=True)
        te_loader = DataLoader(te_set, batch_size=hp["batch_size"], shuffle=True)

        # network
        print("building network...")
        net_hp = {k: v for k, v in hp.items() if k.startswith("model_")}
        net = GNN(feature_size=tr_set[0].x.shape[1], model_params=net_hp) 
        net = net.to(dev)
        print(f"parameters: {n_trainable(net)}")
        mlflow.log_param("num_params", n_trainable(net))

        # pos_weight < 1 favours precision, > 1 recall
        pw = torch.tensor([hp["pos_weight"]], dtype=torch.float32).to(dev)
        crit = torch.nn.BCEWithLogitsLoss(pos_weight=pw)
        opt = torch.optim.SGD(net.parameters(), 
                              lr=hp["learning_rate"],
                              momentum=hp["sgd_momentum"],
                              weight_decay=hp["weight_decay"])
        sched = torch.optim.lr_scheduler.ExponentialLR(opt, gamma=hp["scheduler_gamma"])
        
        # epochs
        best = 1000
        patience = 0
        for ep in range(300): 
            if patience <= 10: # checked every 5 epochs
                # fit
                net.train()
                loss = fit_epoch(ep, net, tr_loader, opt, crit)
                print(f"epoch {ep} | train loss {loss}")
                mlflow.log_metric(key="Train loss", value=float(loss), step=ep)

                # evaluate
                net.eval()
                if ep % 5 == 0:
                    loss = evaluate(ep, net, te_loader, crit)
                    print(f"epoch {ep} | test loss {loss}")
                    mlflow.log_metric(key="Test loss", value=float(loss), step=ep)
                    
                    # keep the best
                    if float(loss) < best:
                        best = loss
                        # log the model
                        mlflow.pytorch.log_model(net, "model", signature=SIGNATURE)
                        patience = 0
                    else:
                        patience += 1

                sched.step()
            else:
                print("stopping early.")
                return [best]
    print(f"done; best test loss {best}")
    return [best]

# %% hyper-parameter search
print("starting the search...")
search_cfg = dict()
search_cfg["optimizer"] = "Bayesian"
search_cfg["num_iteration"] = 100

tuner = Tuner(HYPERPARAMETERS, 
              objective=one_trial,
              conf_dict=search_cfg) 
outcome = tuner.minimize()
