from dataloader import load_bci_arrays
from EEGNet import EEGNet
from DeepConvNet import DeepConvNet, ActivationLayer
import torch
from torch.utils.data import DataLoader, TensorDataset
from matplotlib import pyplot as plt

dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")

def fit(net, tr_loader, te_loader, lr, n_epochs, tag):
    
    net = net.to(device=dev)
    opt = torch.optim.Adam(net.parameters(), lr=lr, betas=(0.9, 0.999))
    sched = torch.optim.lr_scheduler.ReduceLROnPlateau(opt, mode='min', factor=0.1, patience=200, verbose=True, eps=1e-4)
    # crit = torch.nn.CrossEntropyLoss()
    
    epochs_seen = []
    tr_acc_hist = []
    te_acc_hist = []
    
    for ep in range(1, n_epochs+1):
        hits = 0
        net.train()
        for xb, yb in tr_loader:
            opt.zero_grad()
            out = net(xb)
            loss = torch.nn.functional.cross_entropy(out, yb)
            loss.backward()
            opt.step()
            # sched.step(loss)
            
            guess = torch.where(out[:, 0] > out[:, 1], 0, 1)
            hits += (guess == yb).sum().item()
        tr_acc = hits / 1080
        tr_acc_hist.append(tr_acc)
        
        epochs_seen.append(ep)
        va_loss, te_acc = evaluate(net, te_loader)  
        te_acc_hist.append(te_acc)
        
        net.train()
        sched.step(va_loss)
         
        if ep % 20 == 0:
            print(f"--- epoch {ep} of {n_epochs} ---")
            print(f"loss {loss.item()}, train acc {hits / 1080}")
            print("test acc: ", te_acc)    
    
    plt.plot(epochs_seen, tr_acc_hist, label=f"{tag}_train")    
    plt.plot(epochs_seen, te_acc_hist, label=f"{tag}_test")
    
        
         
            
def evaluate(net, loader):
    with torch.no_grad():
        net.eval()
        hits = 0
        for xb, yb in loader:
            out = net(xb)
            guess = torch.where(out[:, 0] > out[:, 1], 0, 1)
            hits += (guess == yb).sum().item()
            loss = torch.nn.functional.cross_entropy(out, yb)
            # sched.step(loss)
        return loss, hits / 1080
        # print("acc: ", hits / 1080)
            
    

if __name__ == "__main__":
    x_tr, y_tr, x_te, y_te = load_bci_arrays()
    x_tr = torch.tensor(x_tr).to(dev)
    y_tr = torch.tensor(y_tr, dtype=torch.int64).to(dev)
    x_te = torch.tensor(x_te).to(dev)
    y_te = torch.tensor(y_te, dtype=torch.int64).to(dev) 
    tr_loader = DataLoader(TensorDataset(x_tr, y_tr), batch_size=1080)
    te_loader = DataLoader(TensorDataset(x_te, y_te), batch_size=1080)
    lr = 1e-2
    n_epochs = 1800
    
    print("=== start ===")
    net_a = EEGNet(torch.nn.ReLU())
    fit(net_a, tr_loader, te_loader, lr, n_epochs, "eegnet_relu")
    torch.save(net_a.state_dict(), "./weights/eegnet_relu")
    print("=== done ===")
    print("=== start ===")
    net_a = EEGNet(torch.nn.ELU())
    fit(net_a, tr_loader, te_loader, lr, n_epochs, "eegnet_elu")
    torch.save(net_a.state_dict(), "./weights/eegnet_elu")
    print("=== done ===")
    print("=== start ===")
    net_a = EEGNet(torch.nn.LeakyReLU())
    fit(net_a, tr_loader, te_loader, lr, n_epochs, "eegnet_leaky")
    torch.save(net_a.state_dict(), "./weights/eegnet_leaky")
    print("=== done ===")
    plt.ylabel('accuracy')
    plt.xlabel('epoch')
    plt.title('EEGNet activations')
    plt.legend()
    plt.show()  
    
    print("=== start ===")
    net_b = DeepConvNet(torch.nn.ReLU())
    fit(net_b, tr_loader, te_loader, lr, n_epochs, "deepconv_relu")
    torch.save(net_b.state_dict(), "./weights/deepconv_relu")
    print("=== done ===")
    print("=== start ===")
    net_b = DeepConvNet(torch.nn.ELU(alpha=1.0))
    fit(net_b, tr_loader, te_loader, lr, n_epochs, "deepconv_elu")
    torch.save(net_b.state_dict(), "./weights/deepconv_elu")
    print("=== done ===")
    print("=== start ===")
    net_b = DeepConvNet(torch.nn.LeakyReLU())
    fit(net_b, tr_loader, te_loader, lr, n_epochs, "deepconv_leaky")
    torch.save(net_b.state_dict(), "./weights/deepconv_leaky")
    print("=== done ===")
    
    plt.ylabel('accuracy')
    plt.xlabel('epoch')
    plt.title('DeepConvNet activations')
    plt.legend()
    plt.show()  
    
    # net = EEGNet(torch.nn.ReLU())
    # net = net.to(dev)
    # net.load_state_dict(torch.load('./weights/eegnet_relu'))
    # loss, acc = evaluate(net, te_loader)
    # print("eegnet_relu", acc)
    
    # net = EEGNet(torch.nn.LeakyReLU())
    # net = net.to(dev)
    # net.load_state_dict(torch.load('./weights/eegnet_leaky'))
    # loss, acc = evaluate(net, te_loader)
    # print("eegnet_leaky", acc)
    
    # net = EEGNet(torch.nn.ELU())
    # net = net.to(dev)
    # net.load_state_dict(torch.load('./weights/eegnet_elu'))
    # loss, acc = evaluate(net, te_loader)
    # print("eegnet_elu", acc)
    
    # net = DeepConvNet(torch.nn.ReLU())
    # net = net.to(dev)
    # net.load_state_dict(torch.load('./weights/deepconv_relu'))
    # loss, acc = evaluate(net, te_loader)
    # print("deepconv_relu", acc)
    
    # net = DeepConvNet(torch.nn.LeakyReLU())
    # net = net.to(dev)
    # net.load_state_dict(torch.load('./weights/deepconv_leaky'))
    # loss, acc = evaluate(net, te_loader)
    # print("deepconv_leaky", acc)
    
    # net = DeepConvNet(torch.nn.ELU())
    # net = net.to(dev)
    # net.load_state_dict(torch.load('./weights/deepconv_elu'))
    # loss, acc = evaluate(net, te_loader)
    # print("deepconv_elu", acc)
