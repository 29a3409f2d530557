import torch
import torchvision
from PIL import Image
from torch import nn
from torchvision.transforms import transforms
import torch.optim as optim

dev = torch.device('cuda:0' if torch.cuda.is_available() else 'cpu')

print(dev)

size = (256, 256)

train_tf = transforms.Compose([torchvision.transforms.Grayscale(num_output_channels=3),
                               torchvision.transforms.Resize(size),
                               # torchvision.transforms.RandomHorizontalFlip(p=0.2),
                               torchvision.transforms.ToTensor()])

eval_tf = transforms.Compose([torchvision.transforms.Grayscale(num_output_channels=3),
                              torchvision.transforms.Resize(size),
                              torchvision.transforms.ToTensor()])

class SmallNet(nn.Module):
    def __init__(self):
        super().__init__()
        torch.random.manual_seed(0)
        self.c1 = nn.Conv2d(3, 32, kernel_size=3, padding=1)
        self.p1 = nn.MaxPool2d(2, 2)

        self.c2 = nn.Conv2d(32, 64, kernel_size=3, padding=1)
        self.p2 = nn.MaxPool2d(2, 2)

        self.c3 = nn.Conv2d(64, 128, kernel_size=3, padding=1)
        self.p3 = nn.MaxPool2d(2, 2)
        self.flat = nn.Flatten()

        self.fc = nn.Linear(128 * 32 * 32, 1)
        self.act = nn.Sigmoid()

    def forward(self, x):
        x = self.c1(x)
        x = self.p1(x)
        x = self.c2(x)
        x = self.p2(x)
        x = self.c3(x)
        x = self.p3(x)
        x = self.flat(x)
        x = self.fc(x)
        x = self.act(x)
        return x.view(-1)

def make_loaders(want_train=True, want_val=True, want_test=False,
                 batch_size=32):
    train_dir = '../Data/CNNData/Train'
    val_dir = '../Data/CNNData/Validation'
    test_dir = '../Data/CNNData/Test'
    # class 0 = NORMAL, class 1 = PNEUMONIA (folder order)
    tr_dl = None
    if want_train:
        tr_set = torchvision.datasets.ImageFolder(train_dir, transform=train_tf)
        tr_dl = torch.utils.data.DataLoader(tr_set, batch_size=batch_size, shuffle=True)

    va_dl = None
    if want_val:
        va_set = torchvision.datasets.ImageFolder(val_dir, transform=eval_tf)
        va_dl = torch.utils.data.DataLoader(va_set, batch_size=batch_size, shuffle=True)

    te_dl = None
    if want_test:
        te_set = torchvision.datasets.ImageFolder(test_dir, transform=eval_tf)
        te_dl = torch.utils.data.DataLoader(te_set, batch_size=batch_size, shuffle=True)
    return tr_dl, va_dl, te_dl

def accuracy(truth_batches, pred_batches):
    n = 0
    hits = 0
    for b in range(len(truth_batches)):
        for k in range(len(truth_batches[b])):
            n += 1
            if truth_batches[b][k] == pred_batches[b][k]:
                hits += 1
    acc = hits / n
    return acc

def recall(truth_batches, pred_batches):
    tp = 0
    fn = 0
    for b in range(len(truth_batches)):
        for k in range(len(truth_batches[b])):
            if truth_batches[b][k] == pred_batches[b][k] and truth_batches[b][k] == 1:
                tp += 1
            if pred_batches[b][k] == 0 and pred_batches[b][k] != truth_batches[b][k]:
                fn += 1
    r = tp / (tp + fn)
    return r

def fit(epochs, keep_best_acc=True, keep_best_recall=True, keep_last=True, resume=False,
        resume_path='highest_recall_model.pth', best_acc_path='highest_accuracy_model.pth',
        best_recall_path='highest_recall_model.pth', threshold=0.4, track_val_loss=False):
    net = SmallNet()

    if resume:
        state = torch.load(resume_path, weights_only=True)
        net.load_state_dict(state)

    loss_fn = nn.BCELoss()
    opt = optim.SGD(net.parameters(), lr=0.001, momentum=0.9)

    tr_dl, va_dl, _ = make_loaders()

    do_val = keep_best_acc or keep_best_recall or track_val_loss

    best_acc = 0
    best_rec = 0
    best_acc_net = None
    best_rec_net = None
    for ep in range(epochs):
        run_loss = 0
        for i, batch in enumerate(tr_dl, 0):
            x, y = batch
            y = y.float()

            opt.zero_grad()

            out = net(x)
            loss = loss_fn(out, y)
            loss.backward()
            opt.step()

            run_loss += loss.item()

        print("train loss:", run_loss)

        if do_val:
            net.eval()
            va_loss = 0
            truth = []
            preds = []
            with torch.no_grad():
                for i, batch in enumerate(va_dl, 0):
                    vx, vy = batch
                    vy = vy.float()
                    truth.append(vy)
                    p = net(vx)
                    p = (p >= threshold).float()
                    preds.append(p)
                    loss = loss_fn(p, vy)
                    va_loss += loss.item()

            print("val loss:", va_loss)

            if keep_best_acc:
                a = accuracy(truth, preds)
                print("accuracy:", a)
                if a > best_acc:
                    best_acc = a
                    best_acc_net = net

            if keep_best_recall:
                r = recall(truth, preds)
                print("recall:", r)
                if r > best_rec:
                    best_rec = r
                    best_rec_net = net

    print('training done')

    if keep_best_acc and best_acc_net is not None:
        torch.save(best_acc_net.state_dict(), best_acc_path)
        print("best accuracy:", best_acc)

    if keep_best_recall and best_rec_net is not None:
        torch.save(best_rec_net.state_dict(), best_recall_path)
        print("best recall:", best_rec)

    if keep_last:
        torch.save(net.state_dict(), 'final_model.pth')

    return net

def report(model_path, which='validation', threshold=0.4):
    if which == 'test':
        dl = make_loaders(want_test=True, want_val=False, want_train=False)[2]
    else:
        dl = make_loaders(want_train=False, want_val=True, want_test=False)[1]

    model = SmallNet()
    state = torch.load(model_path, weights_only=True)
    model.load_state_dict(state)
    model.eval()

    truth = []
    preds = []
    with torch.no_grad():
        for i, batch in enumerate(dl, 0):
            x, y = batch
            y = y.float()
            truth.append(y)
            p = model(x)
            p = (p >= threshold).float()
            preds.append(p)

    a = accuracy(truth, preds)
    r = recall(truth, preds)
    print('accuracy:', a)
    print('recall:', r)

def predict_one(image):
    x = eval_tf(image)
    x = x.unsqueeze(0)

    net = SmallNet()
    state = torch.load("App/Models/CNN/best_accuracy_weights.pth", weights_only=True)
    net.load_state_dict(state)
    net.eval()

    threshold = 0.4
    with torch.no_grad():
        p = net(x)
        p = (p >= threshold).float()
        p = p.item()
    return p
