import torch
from .val import run_validation
run_device = torch.device("cuda" if torch.cuda.is_available() else "cpu")

def run_training(n_epochs, train_data_loader, val_data_loader, denoise_model, loss_fn, adam_optimizer, lr_sched):
    denoise_model.to(run_device)
    for epoch_idx in range(n_epochs):
        for batch_no, (train_X, train_y) in enumerate(train_data_loader):
            batch_no += 1
            train_X = train_X.to(run_device)
            train_y = train_y.to(run_device)
            pred_out = denoise_model(train_X)
            batch_loss = loss_fn(pred_out, train_y if pred_out.size() == train_y.size() else train_y.unsqueeze(-1))

            adam_optimizer.zero_grad()
            batch_loss.backward()
            adam_optimizer.step()
    
            if batch_no % 10 == 0:
                print(f'ep {epoch_idx:2} | step {batch_no:4} | loss {batch_loss.item():10.8f}')

        batch_loss = run_validation(val_data_loader, denoise_model, loss_fn)
        lr_sched.step(batch_loss)

        