java -jar richelieu-b6eb66e.jar match pimc-2p:eval=linear,evalScale=10,millis=10,clock=cpu pimc-2p:millis=10,clock=cpu --pairs 200 --seed 45601 --threads 1 --json results/pimc-combo/a-vs-pimc2p.json
