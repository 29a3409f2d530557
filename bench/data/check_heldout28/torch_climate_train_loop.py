def run_training(model, optimizer, loss_fn, train_loader, val_loader, epochs=100, device="cuda"):
    train_loss_history = []
    val_loss_history = []
    for epoch in range(1, epochs+1):
        train_loss = 0.0
        val_loss = 0.0
        model.train()
        for batch in train_loader:
            optimizer.zero_grad()
            x_batch, targets = batch
            x_batch = x_batch.to(device)
            targets = targets.to(device)
            preds = model(x_batch)
            loss = loss_fn(preds, targets)
            loss.backward()
            optimizer.step()
            train_loss += loss.data.item() * x_batch.size(0)
        train_loss /= len(train_loader.dataset)
        
        model.eval()
        for batch in val_loader:
            x_batch, targets = batch
            x_batch = x_batch.to(device)
            preds = model(x_batch)
            targets = targets.to(device)
            loss = loss_fn(preds,targets) 
            val_loss += loss.data.item() * x_batch.size(0)
        val_loss /= len(val_loader.dataset)

        print('epoch {} | train loss {:.2f} | val loss {:.2f}'.format(epoch, train_loss,
        val_loss))
        train_loss_history.append(train_loss)
        val_loss_history.append(val_loss)
    

    
