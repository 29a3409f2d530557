import numpy as np
import torch
import sys
import matplotlib.pyplot as plt

history = []

def train(net, crit, opt, fit_loader, check_loader, epoch=10): 

    # the usual recipe:
    # - forward a batch
    # - compute the loss
    # - backpropagate and step

    n_epochs = epoch

    for epoch in range(n_epochs):
        # training mode

        fit_total = 0
        check_total = 0
        avg = 0

        net.train()
        for step in range(len(fit_loader)): 
            pics, pts = next(iter(fit_loader))

            inp = pics.cuda()
            # one flat vector of coordinates per face
            tgt = pts.view(pts.size(0), -1).cuda()


            # clear old gradients
            opt.zero_grad()

            out = net(inp)
            # mean squared error
            err = crit(out, tgt)
            # gradients
            err.backward()
            # update
            opt.step()


            fit_total += err.item()
            # running mean of this epoch
            avg = fit_total/(step+1)
            history.append(avg)

            show_progress(step, len(fit_loader), fit_total, 'train')

        net.eval()
        with torch.no_grad():
            # held out part
            for step in range(len(check_loader)): 
                pics, pts = next(iter(check_loader))

                inp = pics.cuda()
                # one flat vector of coordinates per face
                tgt = pts.view(pts.size(0), -1).cuda()
                # inp = picture
                # tgt = points


                out = net(inp)
                # error on held out batch
                check_err = crit(out, tgt)
                # print(f"\nErr: {check_err}")

                check_total += check_err.item()
                # running mean of this epoch
                avg = check_total/(step+1)

                show_progress(step, len(check_loader), check_total, 'eval')
        fit_total /= len(check_loader)
        check_total /= len(check_loader)


        print('\n' + '=' *20)
        print('Epoch: {} Fit Loss: {:.4f} Check Loss: {:.4f}'.format(epoch, fit_total, check_total))
        print('\n' + '=' *20)

        # checkpoint
        torch.save(net.state_dict(), 'content/landmarks_net.pth')
        print('\n checkpoint written\n')

    print("done")
    draw_prediction(next(iter(fit_loader)), net)



def draw_prediction(batch, net):
    with torch.no_grad(): 
        net.eval()

        pics, pts = batch

        pics = pics.cuda()
        pts = (pts + 0.5) * 224

        out = (net(pics).cpu() + 0.5) * 224
        guess = out.view(-1,68,2)


        plt.figure(figsize=(10, 40))
        plt.imshow(pics[0].cpu().numpy().transpose(1,2,0).squeeze(), cmap='gray')
        plt.scatter(guess[0,:, 0], guess[0,:, 1], c=[[1,0,0]],  s=8)
        plt.scatter(pts[0,:, 0], pts[0,:, 1], c=[[0,1,0]], s=8)
        plt.figure(2)
        plt.scatter(history, [i for i in range(1,len(history)+1)], c=[[0,0,1]])
        plt.show()


def show_progress(step, n_steps, loss, phase):
    sys.stdout.write('\r')
    if phase == 'train':
        sys.stdout.write('Fit steps: %d/%d Running loss: %.4f' % (step, n_steps, loss))

        history.append(loss)
    else:
        sys.stdout.write('Check steps: %d/%d Loss: %.4f ' % (step, n_steps, loss))
