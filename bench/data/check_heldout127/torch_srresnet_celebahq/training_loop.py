# Fitting loop
for ep in range(num_epochs):
    model.train()
    ep_loss = 0.0
    ep_psnr = 0.0

    for step, (low, high) in enumerate(train_dataloader):
        low = low.to(device)
        high = high.to(device)

        optimizer.zero_grad()
        up = model(low)

        loss = total_loss(high, up, vgg)
        loss.backward()
        optimizer.step()

        ep_loss += loss.item()
        ep_psnr += psnr_batch(high, up)

        if step % 200 == 0:
            print(f"[ep {ep+1}/{num_epochs}] "
                  f"step {step+1}/{len(train_dataloader)} - "
                  f"loss: {loss.item():.4f}")

    # epoch means
    mean_loss = ep_loss / len(train_dataloader)
    mean_psnr = ep_psnr / len(train_dataloader)

    loss_epochwise[ep] = mean_loss
    psnr_epochwise[ep] = mean_psnr

    print(f"ep {ep+1}: train loss = {mean_loss:.4f} | psnr = {mean_psnr:.2f} dB")

    # held-out pass
    model.eval()
    va_loss = 0.0
    va_psnr = 0.0

    with torch.no_grad():
        for va_low, va_high in test_dataloader:
            va_low = va_low.to(device)
            va_high = va_high.to(device)

            va_up = model(va_low)
            va_err = total_loss(va_high, va_up, vgg)

            va_loss += va_err.item()
            va_psnr += psnr_batch(va_high, va_up)

    mean_va_loss = va_loss / len(test_dataloader)
    mean_va_psnr = va_psnr / len(test_dataloader)

    valid_loss_epochwise[ep] = mean_va_loss
    valid_psnr_epochwise[ep] = mean_va_psnr

    print(f"ep {ep+1}: val loss = {mean_va_loss:.4f} | val psnr = {mean_va_psnr:.2f} dB")

    # scheduler step
    scheduler.step()

    # write a checkpoint
    ckpt_path = f"checkpoints/srresnet_ep{ep+1}.pth"
    os.makedirs(os.path.dirname(ckpt_path), exist_ok=True)
    torch.save(model.state_dict(), ckpt_path)
    print(f"checkpoint written to {ckpt_path}\n")
