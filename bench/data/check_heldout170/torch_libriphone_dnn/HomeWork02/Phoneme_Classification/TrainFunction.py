import torch

def train(train_loader, valid_loader, model, config, device):
    """Runs the DNN training with early stopping."""

    n_epochs = config['n_epochs']

    optimizer = getattr(torch.optim, config['optimizer'])(
        model.parameters(), **config['optim_hyper_paras'])

    best_acc = -1
    loss_record = {'train': [valid(train_loader, model, config['device'])[0]],
                   'val': [valid(valid_loader, model, config['device'])[0]]}
    early_stop_cnt = 0
    epoch = 0
    while epoch < n_epochs:
        train_acc = 0
        train_loss = 0
        model.train()
        for x, y in train_loader:
            optimizer.zero_grad()
            x, y = x.to(device), y.to(device)
            pred = model(x)
            loss = model.cal_loss(pred, y)
            train_loss += loss.item()
            _, train_pred = torch.max(pred, 1)
            train_acc += (train_pred.cpu() == y.cpu()).sum().item()
            loss.backward()
            optimizer.step()
            loss_record['train'].append(loss.detach().cpu().item())
        train_loss = train_loss / len(train_loader)
        val_loss, val_acc = valid(valid_loader, model, device)
        if val_acc > best_acc:
            best_acc = val_acc
            print('[{:03d}/{:03d}] Train Acc: {:3.6f} Loss: {:3.6f} | Val Acc: {:3.6f} loss: {:3.6f}'.format(
                epoch + 1, n_epochs, train_acc / len(train_loader.dataset), train_loss,
                val_acc / len(valid_loader.dataset), val_loss
            ))
            torch.save(model.state_dict(), config['model_save_dir'] + "model.pth")
            early_stop_cnt = 0
        else:
            early_stop_cnt += 1

        epoch += 1
        loss_record['val'].append(val_loss)
        if early_stop_cnt > config['early_stop']:
            break

    print('Finished training after {} epochs'.format(epoch))
    return loss_record

def valid(valid_loader, model, device):
    model.eval()
    total_loss = 0
    val_acc = 0
    for x, y in valid_loader:
        x, y = x.to(device), y.to(device)
        with torch.no_grad():
            pred = model(x)
            loss = model.cal_loss(pred, y)
            _, val_pred = torch.max(pred, 1)
            val_acc += (val_pred.cpu() == y.cpu()).sum().item()
        total_loss += loss.item()
    total_loss = total_loss / len(valid_loader)
    return total_loss, val_acc
