import torch
import torch.nn.functional as F

# k-nearest-neighbour accuracy monitor
def knn_monitor(device,model,bankloader,queryloader,k=200,t=0.1):
    """
    Steps: put the model in eval mode; embed all 50,000 training images into a
    bank V (50000 x 2048); embed all 10,000 test images into Q (10000 x 2048);
    score every query against every bank entry with a temperature softmax
    (10000 x 50000); vote among the k=200 best matches. The bank is built
    from un-augmented images.
    """
    model.eval()
    with torch.no_grad():
        V = torch.zeros(50000,2048)
        Q = torch.zeros(10000,2048)
        train_label = torch.zeros(50000).type(torch.LongTensor)
        test_label = torch.zeros(10000).type(torch.LongTensor)

        cnt = 0
        for img, label in bankloader:
            B = img.shape[0]
            img = img.to(device)
            v = model(img,None).detach()    # detached output
            V[cnt:cnt+B] = v
            train_label[cnt:cnt+B] = label
            cnt += B
        assert cnt == 50000

        cnt = 0
        for img, label in queryloader:
            B = img.shape[0]
            img = img.to(device)
            q = model(img,None).detach()    # detached output
            Q[cnt:cnt+B] = q
            test_label[cnt:cnt+B] = label
            cnt += B
        assert cnt == 10000

        # query-vs-bank similarity, all at once
        sim_score = F.softmax(torch.mm(Q,V.T)/t,dim=1)    # (10000,50000)

        # indices of the k most similar bank entries
        _, k_idx = torch.topk(sim_score,k)    # (10000,k)
        pred, _ = torch.mode(train_label[k_idx],dim=1)    # 10000

    # back to training mode
    model.train()

    return torch.sum(pred == test_label).item(), len(test_label)



def get_lr(optimizer):
    return optimizer.param_groups[0]['lr']



def save_chkpt(model,optimizer,scheduler,epoch,loss_hist,knn_hist,save_dir):
    state_dict = {
        "model_state_dict":model.state_dict(),
        "optim_state_dict":optimizer.state_dict(),
        "scheduler_state_dict":scheduler.state_dict(),
        "epoch":epoch,
        "history":(loss_hist,knn_hist)
    }
    torch.save(state_dict,save_dir)
