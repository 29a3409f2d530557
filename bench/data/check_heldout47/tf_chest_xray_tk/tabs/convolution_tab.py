import numpy as np 
import customtkinter as ctk
import matplotlib.pyplot as plt
from PIL import Image, ImageTk

from logic.get_data import read_xray_folder
from logic.cnn import fit_small_cnn, score_cnn, draw_losses

class CnnPage(ctk.CTkFrame):
    def __init__(self, master):
        self.master = master
        
        # page widgets
        
        self.heading = ctk.CTkLabel(self.master, text="CNN classifier", 
                                        anchor="w", font=("bold", 22))
        self.heading.place(relx=0.015, rely=0.05, relwidth=0.35, relheight=0.05)
        
        self.fit_btn = ctk.CTkButton(self.master, fg_color="#f77f00", hover_color="#fcbf49", text_color="#000000", 
                                           text="Train", font=("normal", 14), command=self.on_train, width=180)
        self.fit_btn.place(relx=0.015, rely=0.20, relwidth=0.15, relheight=0.05)
        
        self.eval_btn = ctk.CTkButton(self.master, fg_color="#f77f00", hover_color="#fcbf49", text_color="#000000", 
                                          text="Test", font=("normal", 14), command=self.on_test, width=180)
        self.eval_btn.place(relx=0.215, rely=0.20, relwidth=0.15, relheight=0.05)

        # first picture
        pic_a_path = "images/pre_processing/image_2.png"
        self.caption_a = ctk.CTkLabel(self.master, text="Curve")
        self.caption_a.place(relx=0.015, rely=0.3)
        self.pic_a = Image.open(pic_a_path)
        self.pic_a = self.pic_a.resize((280, 280))
        self.pic_a_tk = ImageTk.PhotoImage(self.pic_a)
        self.pic_a_widget = ctk.CTkLabel(self.master, image=self.pic_a_tk, text="")
        self.pic_a_widget.place(relx=0.015, rely=0.35)
        
        # second picture
        pic_b_path = "images/pre_processing/image_3.png"
        self.caption_b = ctk.CTkLabel(self.master, text="Samples")
        self.caption_b.place(relx=0.315, rely=0.3)
        self.pic_b = Image.open(pic_b_path)
        self.pic_b = self.pic_b.resize((280, 280))
        self.pic_b_tk = ImageTk.PhotoImage(self.pic_b)
        self.pic_b_widget = ctk.CTkLabel(self.master, image=self.pic_b_tk, text="")
        self.pic_b_widget.place(relx=0.315, rely=0.35)
        
    def on_train(self):
        xs_train, ys_train = read_xray_folder(r'input\chest_xray\train')
        xs_val, ys_val = read_xray_folder(r'input\chest_xray\val')

        self.net, self.hist = fit_small_cnn(xs_train, ys_train, xs_val, ys_val)
        
        # show the label vector
        print("train labels:", ys_train)
        
        curve = self.hist.history['loss']
        draw_losses(curve)
        
    def on_test(self):
        if hasattr(self, 'net'):  # only after training
            xs_test, ys_test = read_xray_folder(r'input\chest_xray\test')
            self.test_loss, self.test_acc = score_cnn(self.net, xs_test, ys_test)

            # first five predictions as labels on the page
            probs = self.net.predict(xs_test)
            for i in range(5):  # five rows
                top = np.argmax(probs[i])
                ref = ys_test[i]
                msg = f"pred {top} / label {ref}"
                row = ctk.CTkLabel(self.master, text=msg, font=("normal", 12))
                row.place(relx=0.015, rely=0.30 + i * 0.05, relwidth=0.5, relheight=0.05)
        else:
            print("train first.")
