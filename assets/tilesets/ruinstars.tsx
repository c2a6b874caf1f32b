<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="ruinstars" tilewidth="32" tileheight="32" tilecount="97" columns="8">
 <image source="ruinstars.png" width="256" height="416"/>
 <tile id="0">
  <properties>
   <property name="layer" value="ground"/>
   <property name="terrain" value="rubble"/>
   <property name="variant" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="layer" value="ground"/>
   <property name="terrain" value="rubble"/>
   <property name="variant" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="layer" value="ground"/>
   <property name="terrain" value="rubble"/>
   <property name="variant" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="layer" value="ground"/>
   <property name="terrain" value="plating"/>
   <property name="variant" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="layer" value="ground"/>
   <property name="terrain" value="plating"/>
   <property name="variant" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="layer" value="ground"/>
   <property name="terrain" value="plating"/>
   <property name="variant" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="6">
  <properties>
   <property name="layer" value="ground"/>
   <property name="terrain" value="dirt"/>
   <property name="variant" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="7">
  <properties>
   <property name="layer" value="ground"/>
   <property name="terrain" value="dirt"/>
   <property name="variant" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="8">
  <properties>
   <property name="layer" value="ground"/>
   <property name="terrain" value="dirt"/>
   <property name="variant" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="9">
  <properties>
   <property name="layer" value="ground"/>
   <property name="terrain" value="jungle"/>
   <property name="variant" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="10">
  <properties>
   <property name="layer" value="ground"/>
   <property name="terrain" value="jungle"/>
   <property name="variant" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="11">
  <properties>
   <property name="layer" value="ground"/>
   <property name="terrain" value="jungle"/>
   <property name="variant" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="12">
  <properties>
   <property name="layer" value="ground"/>
   <property name="terrain" value="resin"/>
   <property name="variant" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="13">
  <properties>
   <property name="layer" value="ground"/>
   <property name="terrain" value="resin"/>
   <property name="variant" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="14">
  <properties>
   <property name="layer" value="ground"/>
   <property name="terrain" value="resin"/>
   <property name="variant" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="15">
  <properties>
   <property name="layer" value="ground"/>
   <property name="terrain" value="temple"/>
   <property name="variant" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="16">
  <properties>
   <property name="layer" value="ground"/>
   <property name="terrain" value="temple"/>
   <property name="variant" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="17">
  <properties>
   <property name="layer" value="ground"/>
   <property name="terrain" value="temple"/>
   <property name="variant" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="18">
  <properties>
   <property name="layer" value="ground"/>
   <property name="terrain" value="lab"/>
   <property name="variant" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="19">
  <properties>
   <property name="layer" value="ground"/>
   <property name="terrain" value="lab"/>
   <property name="variant" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="20">
  <properties>
   <property name="layer" value="ground"/>
   <property name="terrain" value="lab"/>
   <property name="variant" type="int" value="2"/>
  </properties>
 </tile>
 <tile id="21">
  <properties>
   <property name="elevation" type="float" value="3"/>
   <property name="layer" value="ground"/>
   <property name="terrain" value="floor_deck_3"/>
   <property name="variant" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="22">
  <properties>
   <property name="elevation" type="float" value="3"/>
   <property name="layer" value="ground"/>
   <property name="terrain" value="floor_deck_3"/>
   <property name="variant" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="23">
  <properties>
   <property name="elevation" type="float" value="6"/>
   <property name="layer" value="ground"/>
   <property name="terrain" value="floor_deck_6"/>
   <property name="variant" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="24">
  <properties>
   <property name="elevation" type="float" value="6"/>
   <property name="layer" value="ground"/>
   <property name="terrain" value="floor_deck_6"/>
   <property name="variant" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="25">
  <properties>
   <property name="elevation" type="float" value="3"/>
   <property name="layer" value="ground"/>
   <property name="terrain" value="floor_stone_3"/>
   <property name="variant" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="26">
  <properties>
   <property name="elevation" type="float" value="3"/>
   <property name="layer" value="ground"/>
   <property name="terrain" value="floor_stone_3"/>
   <property name="variant" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="27">
  <properties>
   <property name="elevation" type="float" value="6"/>
   <property name="layer" value="ground"/>
   <property name="terrain" value="floor_stone_6"/>
   <property name="variant" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="28">
  <properties>
   <property name="elevation" type="float" value="6"/>
   <property name="layer" value="ground"/>
   <property name="terrain" value="floor_stone_6"/>
   <property name="variant" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="29">
  <properties>
   <property name="elevation" type="float" value="3"/>
   <property name="layer" value="ground"/>
   <property name="terrain" value="floor_resin_3"/>
   <property name="variant" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="30">
  <properties>
   <property name="elevation" type="float" value="3"/>
   <property name="layer" value="ground"/>
   <property name="terrain" value="floor_resin_3"/>
   <property name="variant" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="31">
  <properties>
   <property name="elevation" type="float" value="6"/>
   <property name="layer" value="ground"/>
   <property name="terrain" value="floor_resin_6"/>
   <property name="variant" type="int" value="0"/>
  </properties>
 </tile>
 <tile id="32">
  <properties>
   <property name="elevation" type="float" value="6"/>
   <property name="layer" value="ground"/>
   <property name="terrain" value="floor_resin_6"/>
   <property name="variant" type="int" value="1"/>
  </properties>
 </tile>
 <tile id="33">
  <properties>
   <property name="edges" value="n"/>
   <property name="layer" value="detail"/>
   <property name="terrain" value="wall_top"/>
  </properties>
 </tile>
 <tile id="34">
  <properties>
   <property name="edges" value="e"/>
   <property name="layer" value="detail"/>
   <property name="terrain" value="wall_top"/>
  </properties>
 </tile>
 <tile id="35">
  <properties>
   <property name="edges" value="ne"/>
   <property name="layer" value="detail"/>
   <property name="terrain" value="wall_top"/>
  </properties>
 </tile>
 <tile id="36">
  <properties>
   <property name="edges" value="s"/>
   <property name="layer" value="detail"/>
   <property name="terrain" value="wall_top"/>
  </properties>
 </tile>
 <tile id="37">
  <properties>
   <property name="edges" value="ns"/>
   <property name="layer" value="detail"/>
   <property name="terrain" value="wall_top"/>
  </properties>
 </tile>
 <tile id="38">
  <properties>
   <property name="edges" value="es"/>
   <property name="layer" value="detail"/>
   <property name="terrain" value="wall_top"/>
  </properties>
 </tile>
 <tile id="39">
  <properties>
   <property name="edges" value="nes"/>
   <property name="layer" value="detail"/>
   <property name="terrain" value="wall_top"/>
  </properties>
 </tile>
 <tile id="40">
  <properties>
   <property name="edges" value="w"/>
   <property name="layer" value="detail"/>
   <property name="terrain" value="wall_top"/>
  </properties>
 </tile>
 <tile id="41">
  <properties>
   <property name="edges" value="nw"/>
   <property name="layer" value="detail"/>
   <property name="terrain" value="wall_top"/>
  </properties>
 </tile>
 <tile id="42">
  <properties>
   <property name="edges" value="ew"/>
   <property name="layer" value="detail"/>
   <property name="terrain" value="wall_top"/>
  </properties>
 </tile>
 <tile id="43">
  <properties>
   <property name="edges" value="new"/>
   <property name="layer" value="detail"/>
   <property name="terrain" value="wall_top"/>
  </properties>
 </tile>
 <tile id="44">
  <properties>
   <property name="edges" value="sw"/>
   <property name="layer" value="detail"/>
   <property name="terrain" value="wall_top"/>
  </properties>
 </tile>
 <tile id="45">
  <properties>
   <property name="edges" value="nsw"/>
   <property name="layer" value="detail"/>
   <property name="terrain" value="wall_top"/>
  </properties>
 </tile>
 <tile id="46">
  <properties>
   <property name="edges" value="esw"/>
   <property name="layer" value="detail"/>
   <property name="terrain" value="wall_top"/>
  </properties>
 </tile>
 <tile id="47">
  <properties>
   <property name="edges" value="nesw"/>
   <property name="layer" value="detail"/>
   <property name="terrain" value="wall_top"/>
  </properties>
 </tile>
 <tile id="48">
  <properties>
   <property name="edges" value="ne"/>
   <property name="layer" value="detail"/>
   <property name="terrain" value="wall_corner"/>
  </properties>
 </tile>
 <tile id="49">
  <properties>
   <property name="edges" value="es"/>
   <property name="layer" value="detail"/>
   <property name="terrain" value="wall_corner"/>
  </properties>
 </tile>
 <tile id="50">
  <properties>
   <property name="edges" value="sw"/>
   <property name="layer" value="detail"/>
   <property name="terrain" value="wall_corner"/>
  </properties>
 </tile>
 <tile id="51">
  <properties>
   <property name="edges" value="nw"/>
   <property name="layer" value="detail"/>
   <property name="terrain" value="wall_corner"/>
  </properties>
 </tile>
 <tile id="52">
  <properties>
   <property name="edges" value="n"/>
   <property name="layer" value="detail"/>
   <property name="terrain" value="low_wall"/>
  </properties>
 </tile>
 <tile id="53">
  <properties>
   <property name="edges" value="e"/>
   <property name="layer" value="detail"/>
   <property name="terrain" value="low_wall"/>
  </properties>
 </tile>
 <tile id="54">
  <properties>
   <property name="edges" value="ne"/>
   <property name="layer" value="detail"/>
   <property name="terrain" value="low_wall"/>
  </properties>
 </tile>
 <tile id="55">
  <properties>
   <property name="edges" value="s"/>
   <property name="layer" value="detail"/>
   <property name="terrain" value="low_wall"/>
  </properties>
 </tile>
 <tile id="56">
  <properties>
   <property name="edges" value="ns"/>
   <property name="layer" value="detail"/>
   <property name="terrain" value="low_wall"/>
  </properties>
 </tile>
 <tile id="57">
  <properties>
   <property name="edges" value="es"/>
   <property name="layer" value="detail"/>
   <property name="terrain" value="low_wall"/>
  </properties>
 </tile>
 <tile id="58">
  <properties>
   <property name="edges" value="nes"/>
   <property name="layer" value="detail"/>
   <property name="terrain" value="low_wall"/>
  </properties>
 </tile>
 <tile id="59">
  <properties>
   <property name="edges" value="w"/>
   <property name="layer" value="detail"/>
   <property name="terrain" value="low_wall"/>
  </properties>
 </tile>
 <tile id="60">
  <properties>
   <property name="edges" value="nw"/>
   <property name="layer" value="detail"/>
   <property name="terrain" value="low_wall"/>
  </properties>
 </tile>
 <tile id="61">
  <properties>
   <property name="edges" value="ew"/>
   <property name="layer" value="detail"/>
   <property name="terrain" value="low_wall"/>
  </properties>
 </tile>
 <tile id="62">
  <properties>
   <property name="edges" value="new"/>
   <property name="layer" value="detail"/>
   <property name="terrain" value="low_wall"/>
  </properties>
 </tile>
 <tile id="63">
  <properties>
   <property name="edges" value="sw"/>
   <property name="layer" value="detail"/>
   <property name="terrain" value="low_wall"/>
  </properties>
 </tile>
 <tile id="64">
  <properties>
   <property name="edges" value="nsw"/>
   <property name="layer" value="detail"/>
   <property name="terrain" value="low_wall"/>
  </properties>
 </tile>
 <tile id="65">
  <properties>
   <property name="edges" value="esw"/>
   <property name="layer" value="detail"/>
   <property name="terrain" value="low_wall"/>
  </properties>
 </tile>
 <tile id="66">
  <properties>
   <property name="edges" value="nesw"/>
   <property name="layer" value="detail"/>
   <property name="terrain" value="low_wall"/>
  </properties>
 </tile>
 <tile id="67">
  <properties>
   <property name="edges" value="n"/>
   <property name="layer" value="detail"/>
   <property name="terrain" value="door"/>
  </properties>
 </tile>
 <tile id="68">
  <properties>
   <property name="edges" value="e"/>
   <property name="layer" value="detail"/>
   <property name="terrain" value="door"/>
  </properties>
 </tile>
 <tile id="69">
  <properties>
   <property name="edges" value="s"/>
   <property name="layer" value="detail"/>
   <property name="terrain" value="door"/>
  </properties>
 </tile>
 <tile id="70">
  <properties>
   <property name="edges" value="w"/>
   <property name="layer" value="detail"/>
   <property name="terrain" value="door"/>
  </properties>
 </tile>
 <tile id="71">
  <properties>
   <property name="edges" value="n"/>
   <property name="layer" value="detail"/>
   <property name="terrain" value="ladder"/>
  </properties>
 </tile>
 <tile id="72">
  <properties>
   <property name="edges" value="e"/>
   <property name="layer" value="detail"/>
   <property name="terrain" value="ladder"/>
  </properties>
 </tile>
 <tile id="73">
  <properties>
   <property name="edges" value="s"/>
   <property name="layer" value="detail"/>
   <property name="terrain" value="ladder"/>
  </properties>
 </tile>
 <tile id="74">
  <properties>
   <property name="edges" value="w"/>
   <property name="layer" value="detail"/>
   <property name="terrain" value="ladder"/>
  </properties>
 </tile>
 <tile id="75">
  <properties>
   <property name="layer" value="detail"/>
   <property name="terrain" value="solid_concrete"/>
  </properties>
 </tile>
 <tile id="76">
  <properties>
   <property name="layer" value="detail"/>
   <property name="terrain" value="solid_canopy"/>
  </properties>
 </tile>
 <tile id="77">
  <properties>
   <property name="layer" value="detail"/>
   <property name="terrain" value="solid_resin"/>
  </properties>
 </tile>
 <tile id="78">
  <properties>
   <property name="layer" value="detail"/>
   <property name="terrain" value="solid_stone"/>
  </properties>
 </tile>
 <tile id="79">
  <properties>
   <property name="layer" value="detail"/>
   <property name="terrain" value="solid_machine"/>
  </properties>
 </tile>
 <tile id="80">
  <properties>
   <property name="layer" value="detail"/>
   <property name="terrain" value="crack"/>
  </properties>
 </tile>
 <tile id="81">
  <properties>
   <property name="layer" value="detail"/>
   <property name="terrain" value="debris"/>
  </properties>
 </tile>
 <tile id="82">
  <properties>
   <property name="layer" value="detail"/>
   <property name="terrain" value="stain"/>
  </properties>
 </tile>
 <tile id="83">
  <properties>
   <property name="layer" value="detail"/>
   <property name="terrain" value="moss"/>
  </properties>
 </tile>
 <tile id="84">
  <properties>
   <property name="layer" value="detail"/>
   <property name="terrain" value="pods"/>
  </properties>
 </tile>
 <tile id="85">
  <properties>
   <property name="layer" value="detail"/>
   <property name="terrain" value="glyph"/>
  </properties>
 </tile>
 <tile id="86">
  <properties>
   <property name="layer" value="detail"/>
   <property name="terrain" value="grate"/>
  </properties>
 </tile>
 <tile id="87">
  <properties>
   <property name="layer" value="detail"/>
   <property name="terrain" value="hazard_stripes"/>
  </properties>
 </tile>
 <tile id="88">
  <properties>
   <property name="layer" value="detail"/>
   <property name="terrain" value="hazard_edge"/>
  </properties>
 </tile>
 <tile id="89">
  <properties>
   <property name="layer" value="detail"/>
   <property name="terrain" value="crate"/>
  </properties>
 </tile>
 <tile id="90">
  <properties>
   <property name="layer" value="detail"/>
   <property name="terrain" value="crate_stack"/>
  </properties>
 </tile>
 <tile id="91">
  <properties>
   <property name="layer" value="detail"/>
   <property name="terrain" value="crater"/>
  </properties>
 </tile>
 <tile id="92">
  <properties>
   <property name="layer" value="detail"/>
   <property name="terrain" value="bones"/>
  </properties>
 </tile>
 <tile id="93">
  <properties>
   <property name="layer" value="detail"/>
   <property name="terrain" value="console"/>
  </properties>
 </tile>
 <tile id="94">
  <properties>
   <property name="edges" value="n"/>
   <property name="layer" value="detail"/>
   <property name="terrain" value="shadow"/>
  </properties>
 </tile>
 <tile id="95">
  <properties>
   <property name="edges" value="w"/>
   <property name="layer" value="detail"/>
   <property name="terrain" value="shadow"/>
  </properties>
 </tile>
 <tile id="96">
  <properties>
   <property name="edges" value="nw"/>
   <property name="layer" value="detail"/>
   <property name="terrain" value="shadow"/>
  </properties>
 </tile>
</tileset>
