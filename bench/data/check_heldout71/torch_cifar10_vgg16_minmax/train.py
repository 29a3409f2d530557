import torch
from sklearn.model_selection import train_test_split
from torch.utils.data import DataLoader, TensorDataset
from nn.ready_models.vgg16 import Vgg16Net, FitLoop
from baselines.cifar10 import CifarTenArrays
import torch.nn as nn
import torch.optim as optim

if __name__ == "__main__":
    cifar = CifarTenArrays(scaling="min-max")
    x_fit = cifar.images.reshape((cifar.images.shape[0], 3, 32, 32))
    y_fit = cifar.labels
    x_score = cifar.images_test.reshape((cifar.images_test.shape[0], 3, 32, 32))
    y_score = cifar.labels_test

    x_fit, x_check, y_fit, y_check = train_test_split(
        x_fit, y_fit, test_size=0.2, stratify=y_fit
    )

    x_fit, y_fit = torch.tensor(x_fit, dtype=torch.float32), torch.tensor(y_fit, dtype=torch.long)
    x_check, y_check = torch.tensor(x_check, dtype=torch.float32), torch.tensor(y_check, dtype=torch.long)
    x_score, y_score = torch.tensor(x_score, dtype=torch.float32), torch.tensor(y_score, dtype=torch.long)

    fit_loader = DataLoader(TensorDataset(x_fit, y_fit), batch_size=64, shuffle=True)
    check_loader = DataLoader(TensorDataset(x_check, y_check), batch_size=64)
    score_loader = DataLoader(TensorDataset(x_score, y_score), batch_size=64)

    device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
    net = Vgg16Net(num_classes=10)
    loss_fn = nn.CrossEntropyLoss()
    opt = optim.Adam(net.parameters(), lr=0.0001)

    loop = FitLoop(net, fit_loader, check_loader, score_loader, loss_fn, opt, device)
    loop.train(epochs=20)
    score_metrics = loop.evaluate(score_loader, split_name="score")
    loop.history["metrics"] = score_metrics
    loop.save_metrics()

    print("metrics written to run_metrics.json")
