
import torch

def run_train_epoch(model: torch.nn.Module,
               loader: torch.utils.data.DataLoader,
               criterion_loss: torch.nn.Module,
               optimizer: torch.optim.Optimizer,
               acc_metric,
               dev: str):
  epoch_train_loss, epoch_train_acc = 0, 0
  model.to(dev)
  for batch, (x_batch, y_batch) in enumerate(loader):
    x_batch, y_batch = x_batch.to(dev), y_batch.to(dev)
    logits = model(x_batch)
    loss = criterion_loss(logits, y_batch)
    epoch_train_loss += loss
    epoch_train_acc += acc_metric(y_true=y_batch,
                             y_pred=logits.argmax(dim=1))
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()

  epoch_train_loss /= len(loader)
  epoch_train_acc /= len(loader)

def run_test_epoch(loader: torch.utils.data.DataLoader,
              model: torch.nn.Module,
              criterion_loss: torch.nn.Module,
              acc_metric,
              dev: str):
  epoch_test_loss, epoch_test_acc = 0, 0
  model.to(dev)
  model.eval()
  with torch.inference_mode():
    for x_batch, y_batch in loader:
      x_batch, y_batch = x_batch.to(dev), y_batch.to(dev)

      test_logits = model(x_batch)

      epoch_test_loss += criterion_loss(test_logits, y_batch)
      epoch_test_acc += acc_metric(y_true=y_batch,
                                    y_pred=test_logits.argmax(dim=1))

    epoch_test_loss /= len(loader)
    epoch_test_acc /= len(loader)

def fit_model(model: torch.nn.Module,
          epochs: int,
          train_loader: torch.utils.data.DataLoader,
          test_loader: torch.utils.data.DataLoader,
          optimizer: torch.optim.Optimizer,
          criterion_loss: torch.nn.Module,
          dev: str,
          acc_metric):
  for epoch in range(epochs):
    run_train_epoch(loader=train_loader,
             model=model,
             criterion_loss=criterion_loss,
             optimizer=optimizer,
             acc_metric=acc_metric,
             dev=dev)
    run_test_epoch(loader=test_loader,
             model=model,
             criterion_loss=criterion_loss,
             acc_metric=acc_metric,
             dev=dev)
