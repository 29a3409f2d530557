import torch
from torch import nn
from torch.utils.data import DataLoader
import matplotlib.pyplot as plt
from torch.cuda.amp import GradScaler
from Dataset import MarketWindows
from MaGNet import MaGNet
from tool import StopWhenFlat, fit_one_epoch, score_epoch
from transformers import get_linear_schedule_with_warmup

dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")
print("device:", dev)

def run(n_epochs, width, n_experts, mha_heads, n_channels, causal_heads,
        panel_path, lookback, bsz, n_mage, n_f2d, n_tch, top_k, m1,
        n_s2d, n_gph, m2):
    print("reading panel...")
    panel= torch.load(panel_path).to(dev)


    n_days = panel.shape[1]
    tr_end = int(n_days * 0.7)
    va_end = tr_end + int(n_days * 0.1)

    tr_panel = panel[:, :tr_end]
    va_panel = panel[:, tr_end:va_end]
    te_panel = panel[:, va_end:]

    eps = 1e-6
    tr_mu = tr_panel.mean(dim=1, keepdim=True)  # mean over days
    tr_sd = tr_panel.std(dim=1, keepdim=True)  # std over days
    tr_panel = (tr_panel - tr_mu) / (tr_sd + eps)

    va_mu = va_panel.mean(dim=1, keepdim=True)  # mean over days
    va_sd = va_panel.std(dim=1, keepdim=True)  # std over days
    va_panel = (va_panel - va_mu) / (va_sd + eps)

    te_mu = te_panel.mean(dim=1, keepdim=True)  # mean over days
    te_sd = te_panel.std(dim=1, keepdim=True)  # std over days
    te_panel = (te_panel - te_mu) / (te_sd + eps)

    # up / down label of each stock the day after the lookback window
    tr_set = MarketWindows(tr_panel, lookback, dev)
    va_set = MarketWindows(va_panel, lookback, dev)
    te_set = MarketWindows(te_panel, lookback, dev)




    tr_loader = DataLoader(tr_set, batch_size=bsz, shuffle=True)
    va_loader = DataLoader(va_set, batch_size=bsz, shuffle=False)
    te_loader = DataLoader(te_set, batch_size=bsz, shuffle=False)

    n_tr_batches = len(tr_loader)
    n_va_batches = len(va_loader)
    n_te_batches = len(te_loader)

    n_stocks, n_feats = panel.shape[0], panel.shape[2]

    net = MaGNet(n_stocks, lookback, n_feats, width, n_mage, n_experts,
                 mha_heads, n_f2d, n_channels,
                 causal_heads, n_tch, top_k, m1,
                 n_s2d, n_gph, m2, device=dev, dropout=0.1).to(dev)

    lr=1e-4
    loss_fn = nn.CrossEntropyLoss(label_smoothing=0.1)
    opt = torch.optim.AdamW(net.parameters(), lr=lr, weight_decay=0.05)
    scaler = GradScaler()
    stopper = StopWhenFlat(patience=5)


    best_acc = 0.
    ckpt = 'best_model.pth'

    hist = {
        'train_loss': [], 'train_accuracy': [], 'train_precision': [], 'train_recall': [], 'train_f1': [],
        'train_auroc': [], 'train_auprc': [],
        'val_loss': [], 'val_accuracy': [], 'val_precision': [], 'val_recall': [], 'val_f1': [], 'val_auroc': [],
        'val_auprc': [],
        'test_loss': [], 'test_accuracy': [], 'test_precision': [], 'test_recall': [], 'test_f1': [], 'test_auroc': [],
        'test_auprc': [],
    }

    print("training...")

    steps_per_ep = len(tr_loader)
    total_steps = steps_per_ep * n_epochs
    warm_steps = int(0.1 * total_steps)

    sched = get_linear_schedule_with_warmup(
        optimizer=opt,
        num_warmup_steps=warm_steps,
        num_training_steps=total_steps
    )

    for ep in range(n_epochs):
        print(f"\nepoch {ep + 1}/{n_epochs}")

        train_metrics = fit_one_epoch(net, tr_loader, loss_fn, opt, scaler, device = dev)
        with torch.no_grad():
            val_metrics = score_epoch(net, va_loader, loss_fn, device = dev)
            test_metrics = score_epoch(net, te_loader, loss_fn, device = dev)

        sched.step()


        stopper(val_metrics['loss'])

        if val_metrics['accuracy'] > best_acc:
            best_acc = val_metrics['accuracy']
            torch.save(net.state_dict(), ckpt)
            print(f"saved new best, val accuracy {best_acc:.4f}")

        for part in ['train', 'val', 'test']:
            m = locals()[f'{part}_metrics']
            hist[f'{part}_loss'].append(m['loss'])
            hist[f'{part}_accuracy'].append(m['accuracy'])
            hist[f'{part}_precision'].append(m['precision'])
            hist[f'{part}_recall'].append(m['recall'])
            hist[f'{part}_f1'].append(m['f1'])
            hist[f'{part}_auroc'].append(m['auroc'])
            hist[f'{part}_auprc'].append(m['auprc'])

        print(
            f"train | loss {train_metrics['loss']:.4f} acc {train_metrics['accuracy']:.4f} prec {train_metrics['precision']:.4f} rec {train_metrics['recall']:.4f} f1 {train_metrics['f1']:.4f} auroc {train_metrics['auroc']:.4f} auprc {train_metrics['auprc']:.4f}")
        print(
            f"val   | loss {val_metrics['loss']:.4f} acc {val_metrics['accuracy']:.4f} prec {val_metrics['precision']:.4f} rec {val_metrics['recall']:.4f} f1 {val_metrics['f1']:.4f} auroc {val_metrics['auroc']:.4f} auprc {val_metrics['auprc']:.4f}")
        print(
            f"test  | loss {test_metrics['loss']:.4f} acc {test_metrics['accuracy']:.4f} prec {test_metrics['precision']:.4f} rec {test_metrics['recall']:.4f} f1 {test_metrics['f1']:.4f} auroc {test_metrics['auroc']:.4f} auprc {test_metrics['auprc']:.4f}")

        if stopper.stop:
            print("stopping early")
            break

    plt.figure(figsize=(16, 8))

    plt.subplot(2, 4, 1)
    plt.plot(hist['train_loss'], label='Train')
    plt.plot(hist['val_loss'], label='Validation')
    plt.plot(hist['test_loss'], label='Test')
    plt.title('Loss per epoch')
    plt.xlabel('Epoch')
    plt.ylabel('Loss')
    plt.legend()

    plt.subplot(2, 4, 2)
    plt.plot(hist['train_accuracy'], label='Train')
    plt.plot(hist['val_accuracy'], label='Validation')
    plt.plot(hist['test_accuracy'], label='Test')
    plt.title('Accuracy per epoch')
    plt.xlabel('Epoch')
    plt.ylabel('Accuracy')

    plt.subplot(2, 4, 3)
    plt.plot(hist['train_precision'], label='Train')
    plt.plot(hist['val_precision'], label='Validation')
    plt.plot(hist['test_precision'], label='Test')
    plt.title('Precision per epoch')
    plt.xlabel('Epoch')
    plt.ylabel('Precision')

    plt.subplot(2, 4, 4)
    plt.plot(hist['train_recall'], label='Train')
    plt.plot(hist['val_recall'], label='Validation')
    plt.plot(hist['test_recall'], label='Test')
    plt.title('Recall per epoch')
    plt.xlabel('Epoch')
    plt.ylabel('Recall')

    plt.subplot(2, 4, 5)
    plt.plot(hist['train_f1'], label='Train')
    plt.plot(hist['val_f1'], label='Validation')
    plt.plot(hist['test_f1'], label='Test')
    plt.title('F1 per epoch')
    plt.xlabel('Epoch')
    plt.ylabel('F1')

    plt.subplot(2, 4, 6)
    plt.plot(hist['train_auroc'], label='Train')
    plt.plot(hist['val_auroc'], label='Validation')
    plt.plot(hist['test_auroc'], label='Test')
    plt.title('AUROC per epoch')
    plt.xlabel('Epoch')
    plt.ylabel('AUROC')

    plt.subplot(2, 4, 7)
    plt.plot(hist['train_auprc'], label='Train')
    plt.plot(hist['val_auprc'], label='Validation')
    plt.plot(hist['test_auprc'], label='Test')
    plt.title('AUPRC per epoch')
    plt.xlabel('Epoch')
    plt.ylabel('AUPRC')

    plt.tight_layout()
    plt.savefig('training_history.png')
    plt.show()

    print("done.")
    print(f"best val accuracy: {best_acc:.4f}")

if __name__ == "__main__":
    # shared settings
    n_epochs = 30
    width = 32 # feature embedding size
    n_experts = 4 # experts in the MoE of each MAGE block
    mha_heads = 2 # heads of the MHA in each MAGE block
    n_channels = 4 # channels of the 2D spatiotemporal attentions
    causal_heads = 2 # heads of the causal MHA in the TCH




    ### DJIA settings:
    panel_path = 'djia_alpha158_alpha360.pt'
    bsz=32
    lookback = 20 # days of history
    n_mage = 2 # MAGE blocks
    n_f2d = 1 # feature-wise 2D attentions
    n_tch = 1 # TCH blocks
    m1 = 32 # hyperedges of the TCH
    top_k = 32 # top-k sparsification of the TCH
    n_s2d = 1 # stock-wise 2D attentions
    n_gph = 1 # GPH blocks
    m2 = 16 # hyperedges of the GPH
    run(n_epochs, width, n_experts, mha_heads, n_channels, causal_heads,
        panel_path, lookback, bsz, n_mage, n_f2d, n_tch, top_k, m1,
        n_s2d, n_gph, m2)



    ### NASDAQ100 settings:

    # panel_path = 'nas100_alpha158_alpha360.pt'
    # lookback = 10  # days of history
    # bsz = 24
    # n_mage = 1  # MAGE blocks
    # n_f2d = 1  # feature-wise 2D attentions
    # n_s2d = 1  # stock-wise 2D attentions
    # n_tch = 2  # TCH blocks
    # top_k = 64  # top-k sparsification of the TCH
    # m1 = 64  # hyperedges of the TCH
    # n_gph = 2  # GPH blocks
    # m2 = 32  # hyperedges of the GPH
    # run(n_epochs, width, n_experts, mha_heads, n_channels, causal_heads,
    #     panel_path, lookback, bsz, n_mage, n_f2d, n_tch, top_k, m1,
    #     n_s2d, n_gph, m2)
    #




    # ### CSI300 settings:

    # panel_path = 'csi300_alpha158_alpha360.pt'
    # lookback = 10  # days of history
    # bsz = 4
    # n_mage = 1  # MAGE blocks
    # n_f2d = 1  # feature-wise 2D attentions
    # n_s2d = 1  # stock-wise 2D attentions
    # n_tch = 2  # TCH blocks
    # top_k = 64  # top-k sparsification of the TCH
    # m1 = 64  # hyperedges of the TCH
    # n_gph = 1  # GPH blocks
    # m2 = 32  # hyperedges of the GPH
    # run(n_epochs, width, n_experts, mha_heads, n_channels, causal_heads,
    #     panel_path, lookback, bsz, n_mage, n_f2d, n_tch, top_k, m1,
    #     n_s2d, n_gph, m2)
